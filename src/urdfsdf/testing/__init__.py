"""Property-based testing of robot code: random models, and assertions that say what differs.

``pip install 'urdfsdf[testing]'`` (hypothesis is an optional extra)::

    from hypothesis import given
    from urdfsdf.testing import assert_same_kinematics, urdf_documents

    @given(urdf_documents(links=(1, 4)))
    def test_my_function_keeps_the_robot(urdf):
        assert_same_kinematics(urdf, my_function(urdf))

- strategies (:mod:`urdfsdf.testing.strategies`): :func:`urdf_documents`,
  :func:`sdf_documents`, :func:`joint_values`;
- assertions (:mod:`urdfsdf.compare`, which needs no hypothesis):
  :func:`assert_same_kinematics`, :func:`assert_same_inertia`,
  :func:`assert_same_document`, and the ``*_differences`` functions behind them.

Importing this module without hypothesis raises ImportError saying what to
install; :mod:`urdfsdf.compare` has the assertions without it.
"""

from __future__ import annotations

import importlib.util

if importlib.util.find_spec("hypothesis") is None:
    raise ImportError(
        "urdfsdf.testing needs hypothesis: pip install 'urdfsdf[testing]' "
        "(the assertions alone need no hypothesis: from urdfsdf.compare import "
        "assert_same_kinematics, assert_same_inertia, assert_same_document)",
        name="hypothesis")

from urdfsdf.compare import (  # noqa: E402
    NORMALISATIONS,
    Difference,
    KinematicModel,
    assert_same_document,
    assert_same_inertia,
    assert_same_kinematics,
    document_diff,
    inertia_differences,
    kinematic_model,
    kinematics_differences,
)
from urdfsdf.testing.strategies import (  # noqa: E402
    SdfOptions,
    UrdfOptions,
    joint_values,
    sdf_documents,
    urdf_documents,
)

__all__ = [
    "NORMALISATIONS",
    "Difference",
    "KinematicModel",
    "SdfOptions",
    "UrdfOptions",
    "assert_same_document",
    "assert_same_inertia",
    "assert_same_kinematics",
    "document_diff",
    "inertia_differences",
    "joint_values",
    "kinematic_model",
    "kinematics_differences",
    "sdf_documents",
    "urdf_documents",
]
