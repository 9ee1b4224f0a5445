"""Generated op classes of paddle-mlir's dialects: `pd` and `phi`."""
