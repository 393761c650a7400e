"""The rules of French Tarot (FFT 2012). Pure Python: imports nothing else from ``tutor``."""
