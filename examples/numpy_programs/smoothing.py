"""A noisy signal smoothed by convolution, interpolated and differentiated."""
import numpy as np

t = np.linspace(0, 2 * np.pi, 101)
signal = np.sin(t) + 0.1 * np.cos(17 * t)
kernel = np.ones(5) / 5.0
smooth = np.convolve(signal, kernel, mode="same")
fine = np.interp(np.linspace(0, 2 * np.pi, 37), t, smooth)
slope = np.gradient(smooth, t)
area = np.trapezoid(signal, t) if hasattr(np, "trapezoid") else np.trapz(signal, t)
result = [smooth, fine, slope, area]
