"""The core: the kinematic IR, diagnostics, number text and pose arithmetic.

Nothing here knows a file format; every other package builds on it.
"""
