"""URDF reading and writing."""
