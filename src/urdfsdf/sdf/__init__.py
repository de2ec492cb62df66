"""SDFormat reading and writing."""
