"""Browser tests of the built site (Playwright for Python, sync API)."""
