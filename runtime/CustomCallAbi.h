// The private half of the custom_call ABI: how --lower-ptensor describes a call to the
// runtime entry, and how the runtime (runtime/host/CustomCall.cpp) reads it back. The public half,
// what a handler sees, is include/ptensor_ffi.h (installed as ptensor/include/); the kinds
// and dtype codes below are that header's.
//
// Compiled code calls
//   void ptensor_custom_call(int64_t *config, int64_t *buffers, int64_t nargs, int64_t nresults)
// config (a constant global, 8-byte words):
//   word 0: kMagic; then the target name as a string; then the number of attributes and,
//   per attribute (sorted by name): its name as a string, its kind, its count, and its
//   payload (one word for bool/i64/f64; the string for strings; count words for arrays).
//   A string is its length in bytes followed by its bytes and a NUL, padded to whole words.
// buffers (a stack array): per operand, then per result: dtype, rank, data address (first
//   element), rank sizes, rank strides in elements.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace ptensor::ffi {
constexpr int64_t kMagic = 0x5054434331; // "PTCC1"
enum AttrKind : int64_t { kAttrBool = 0, kAttrI64, kAttrF64, kAttrString, kAttrI64Array, kAttrF64Array };

struct ConfigWriter {
  std::vector<int64_t> words{kMagic};
  void word(int64_t w) { words.push_back(w); }
  void f64(double d) {
    int64_t w;
    std::memcpy(&w, &d, 8);
    words.push_back(w);
  }
  void str(const std::string &s) {
    words.push_back(int64_t(s.size()));
    size_t n = (s.size() + 8) / 8; // room for the NUL
    size_t at = words.size();
    words.resize(at + n, 0);
    std::memcpy(&words[at], s.data(), s.size());
  }
};

struct ConfigReader {
  const int64_t *p;
  int64_t word() { return *p++; }
  const char *str(int64_t *len) {
    *len = *p++;
    const char *s = reinterpret_cast<const char *>(p);
    p += (*len + 8) / 8;
    return s;
  }
};
} // namespace ptensor::ffi
