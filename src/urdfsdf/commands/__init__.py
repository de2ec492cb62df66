"""The command-line programs (``urdf2sdf``, ``sdf2urdf``, ``urdfsdf``) and their helpers."""
