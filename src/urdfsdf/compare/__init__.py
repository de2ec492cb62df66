"""Compare two robot models: kinematics, spatial inertia, the document.

The hypothesis-free half of :mod:`urdfsdf.testing` (``urdfsdf roundtrip`` uses it
and never imports hypothesis):

- :mod:`~urdfsdf.compare.kinematics`: forward kinematics and mass properties of a
  URDF or SDF model with numpy (SDF poses from urdfsdf's frame engine);
- :mod:`~urdfsdf.compare.document`: the element-by-element comparison of the
  lossless round-trip tests, with named normalisations;
- :mod:`~urdfsdf.compare.assertions`: ``*_differences`` lists and the
  ``assert_same_*`` assertions, whose messages name each element that differs;
- :mod:`~urdfsdf.compare.middle`: the document a round trip went through, as its
  readers read it (``urdfsdf roundtrip``'s ``middle`` check).
"""

from __future__ import annotations

from urdfsdf.compare.assertions import (
    Difference,
    assert_same_document,
    assert_same_inertia,
    assert_same_kinematics,
    document_diff,
    inertia_differences,
    kinematics_differences,
)
from urdfsdf.compare.document import NORMALISATIONS
from urdfsdf.compare.kinematics import KinematicModel, kinematic_model
from urdfsdf.compare.middle import middle_differences

__all__ = [
    "NORMALISATIONS",
    "Difference",
    "KinematicModel",
    "assert_same_document",
    "assert_same_inertia",
    "assert_same_kinematics",
    "document_diff",
    "inertia_differences",
    "kinematic_model",
    "kinematics_differences",
    "middle_differences",
]
