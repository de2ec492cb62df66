"""Issue 37, item 4: ``urdf2sdf --plain`` writes SDF without what only the way back needs."""

from __future__ import annotations

import io
import json
import subprocess

from urdfsdf.api import sdf_to_urdf_result, urdf_to_sdf_result
from urdfsdf.commands.cli import main

from conftest import SAMPLES, oracle_path


def test_plain_sdf_has_no_carrier_and_one_warning_lists_them() -> None:
    full = urdf_to_sdf_result(str(SAMPLES / "every_element.urdf"))
    plain = urdf_to_sdf_result(str(SAMPLES / "every_element.urdf"), plain=True)
    assert full.text is not None and plain.text is not None
    assert "urdf" not in plain.text
    new = [d for d in plain.diagnostics if d not in full.diagnostics]
    assert [d.code for d in new] == ["ELEMENT_DROPPED"]
    for what in ("<urdf:mimic>", "2 <urdf:transmission>", "urdf:massless", "<urdf:ros2_control>"):
        assert what in new[0].message
    # what SDF holds comes back (the floating and planar joints' links: disconnected),
    # the mimic too: <drake:mimic> is no carrier (issue 50)
    back = sdf_to_urdf_result(plain.text, disconnected="floating")
    assert back.ok and back.text is not None and "<drake:mimic" in plain.text
    assert back.text.count("<mimic ") == full.text.count("<drake:mimic ") == 1
    assert back.text.count("<link ") == full.text.count("<link ")


def test_plain_sdf_of_a_urdf_with_nothing_carried_is_the_sdf() -> None:
    full = urdf_to_sdf_result(str(SAMPLES / "parity.urdf"))
    plain = urdf_to_sdf_result(str(SAMPLES / "parity.urdf"), plain=True)
    assert plain.text == full.text and plain.diagnostics == full.diagnostics


def test_urdf2sdf_plain_flag(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "plain.sdf"
    err = io.StringIO()
    assert main(["urdf2sdf", "--plain", str(SAMPLES / "every_element.urdf"), "-o", str(out)],
                stdout=io.StringIO(), stderr=err) == 0
    assert "urdf:" not in out.read_text() and "plain SDF: left out" in err.getvalue()
    oracle = oracle_path()
    if oracle is not None:  # libsdformat loads it, strictly, without a message
        run = subprocess.run([oracle, "--strict", str(out)], capture_output=True, text=True,
                             timeout=120, check=False)
        assert json.loads(run.stdout)["errors"] == [] and run.stderr == ""
