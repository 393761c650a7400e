"""Streamlit user interface: pages, widgets (cards as SVG, the hand picker), i18n."""
