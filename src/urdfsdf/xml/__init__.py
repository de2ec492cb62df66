"""XML in and out: safe parsing, streaming, text building and the shared reading context."""
