"""Translation between the URDF and SDF forms of the IR, and what travels between them."""
