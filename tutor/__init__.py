"""The tarot tutor: a browser course in French Tarot, checked by a rules engine."""
