"""No output names a mesh with an empty file name (issue 49).

Every robot file of the shared corpus and of libsdformat's test suite (an even sample
in the quick tier) is converted as a user converts it: a URDF with urdf2sdf (and the SDF
made back with sdf2urdf), each model of an SDF with sdf2urdf, with and without
``--lossy``.  No output may hold a URDF ``<mesh>`` whose ``filename`` is empty, nor an
SDF ``<mesh>`` whose ``<uri>`` is empty or absent (urdfdom and Drake read no mesh,
PyBullet and libsdformat refuse the file).  Elements a carrier holds as written (the
input's own, given back) are not the output's meshes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from urdfsdf.api import load_sdf, sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.compare.kinematics import sdf_model_names

from conftest import CORPUS, SHARED
from tiers import sample

SUITE = SHARED / "sdformat_tests"
FILES = sorted(p for root in (CORPUS, SUITE) if root.is_dir() for p in root.rglob("*")
               if p.suffix in (".urdf", ".sdf", ".world") and p.is_file())


def empty_meshes(text: str) -> list[int]:
    """The lines of the meshes of ``text`` (URDF or SDF) that name no file."""
    root = etree.fromstring(text.encode())
    found = []
    for mesh in root.iter("mesh"):
        if any(isinstance(a.tag, str) and a.tag.startswith("{") for a in mesh.iterancestors()):
            continue  # inside a carrier, as written
        if root.tag == "robot":
            empty = not (mesh.get("filename") or "").strip()
        else:
            empty = not (mesh.findtext("uri") or "").strip()
        if empty:
            found.append(int(mesh.sourceline or 0))
    return found


def _outputs(path: Path) -> list[tuple[str, str | None]]:
    """Each output of converting ``path`` as a user does: (what, its text)."""
    if path.suffix == ".urdf":
        sdf = urdf_to_sdf_result(str(path))
        back = sdf_to_urdf_result(sdf.text) if sdf.text else None
        return [("urdf2sdf", sdf.text), ("sdf2urdf of it", back.text if back else None)]
    doc, diags = load_sdf(str(path))
    names = list(dict.fromkeys(sdf_model_names(doc))) if doc is not None else []
    out: list[tuple[str, str | None]] = []
    for name in names or [None]:
        for lossy in (False, True):
            result = sdf_to_urdf_result(str(path), name, lossy=lossy,
                                        disconnected="floating" if lossy else "error")
            out.append((f"sdf2urdf --model {name}{' --lossy' if lossy else ''}", result.text))
    return out


@pytest.mark.skipif(not FILES, reason="../shared/corpus and sdformat_tests absent")
@pytest.mark.parametrize("path", sample(FILES, 40), ids=lambda p: str(p.relative_to(SHARED)))
def test_no_output_names_an_empty_mesh_file(path: Path) -> None:
    for what, text in _outputs(path):
        if text is not None:
            assert empty_meshes(text) == [], f"{what}: a mesh without a file name"


def test_the_check_finds_empty_file_names() -> None:
    urdf = '<robot name="r"><link name="a"><visual><geometry>\n<mesh filename=" "/>' \
        '</geometry></visual></link></robot>'
    sdf = '<sdf version="1.7"><model name="m"><link name="a"><visual name="v"><geometry>' \
        '\n<mesh/></geometry></visual></link></model></sdf>'
    carried = '<sdf version="1.7" xmlns:urdf="http://wiki.ros.org/urdf"><model name="m">' \
        '<urdf:as_written><link name="a"><visual><geometry><mesh filename=""/></geometry>' \
        '</visual></link></urdf:as_written></model></sdf>'
    assert (empty_meshes(urdf), empty_meshes(sdf), empty_meshes(carried)) == ([2], [2], [])
