"""pygames-wasm: card games whose every rule, bot and score is pure Python.

The browser runs this package under Pyodide and talks to it only through `pygames_wasm.api`.
"""

__version__ = "0.1.0"
