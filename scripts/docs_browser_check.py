"""Opens the built documentation site in headless Chromium (Debian's, driven by Playwright)
and checks what a reader sees: the index, one API page and the search page render (their
text is there, the search finds a function), with no console errors and no failed page
scripts; screenshots go to docs/_build/screenshots. Usage: docs_browser_check.py HTML_DIR"""
import functools
import http.server
import os
import shutil
import sys
import threading

from playwright.sync_api import sync_playwright

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(root):
    handler = functools.partial(_Quiet, directory=root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def main(root):
    shots = os.path.join(os.path.dirname(os.path.abspath(root)), "screenshots")
    os.makedirs(shots, exist_ok=True)
    server, base = serve(root)
    problems = []
    # (page, text the page must show once rendered, a selector to wait for)
    pages = [("index.html", "NumPy for compiled and distributed computing", "main"),
             ("generated/ptensor.cumsum.html", "ptensor.cumsum", "main dl"),
             ("search.html?q=cumsum", "ptensor.cumsum", "#search-results li")]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for url, text, selector in pages:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors = []
            # (a missing resource is reported by its response; browsers ask for /favicon.ico)
            page.on("console", lambda m, e=errors: e.append(m.text)
                    if m.type == "error" and not m.text.startswith("Failed to load resource")
                    else None)
            page.on("pageerror", lambda exc, e=errors: e.append(str(exc)))
            page.on("response", lambda r, e=errors: e.append(f"HTTP {r.status} for {r.url}")
                    if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)
            response = page.goto(f"{base}/{url}")
            if response is None or not response.ok:
                problems.append(f"{url}: HTTP {response.status if response else 'no response'}")
                continue
            try:
                page.wait_for_selector(selector, timeout=15000)
            except Exception:  # noqa: BLE001  (reported below as a missing element)
                problems.append(f"{url}: nothing matches {selector!r}")
            if text not in page.inner_text("body"):
                problems.append(f"{url}: the text {text!r} is not shown")
            name = url.split("?")[0].replace("/", "_").replace(".html", ".png")
            page.screenshot(path=os.path.join(shots, name), full_page=False)
            problems += [f"{url}: {e}" for e in errors]
            page.close()
        browser.close()
    server.shutdown()
    if problems:
        print("docs browser check FAILED:\n  " + "\n  ".join(problems))
        return 1
    print(f"docs browser check: {len(pages)} pages render (screenshots in {shots})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "docs/_build/html"))
