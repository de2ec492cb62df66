"""README's "Testing your own robot code" example runs as written (issue 19 acceptance).

The ``python`` block is written to a file and run as a script, in-process (it runs
its property with hypothesis and prints one line); it must also fail when the
function it tests is broken, naming the element.
"""

from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest
from hypothesis import Phase, settings

from conftest import ROOT
from tiers import FULL

NO_SHRINK = "urdfsdf-no-shrink"
settings.register_profile(NO_SHRINK, phases=[Phase.explicit, Phase.generate])


def _section() -> str:
    text = (ROOT / "README.md").read_text()
    return text.split("## Testing your own robot code", 1)[1].split("\n## ", 1)[0]


def _example() -> str:
    (block,) = re.findall(r"```python\n(.*?)```", _section(), re.S)
    return str(block)


def test_the_section_says_how_to_install() -> None:
    assert "pip install 'urdfsdf[testing]'" in _section()
    assert "urdfsdf roundtrip" in _section()


def test_the_example_runs_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "test_prefix.py"
    script.write_text(_example())
    runpy.run_path(str(script), run_name="__main__")
    assert capsys.readouterr().out == "prefix_names keeps the robot\n"


@pytest.mark.long
def test_the_example_catches_a_broken_function(tmp_path: Path) -> None:
    """The same test on a function that also drops every origin's rpy (a bug).

    The quick tier does not shrink the failing robot (half a minute of the example's
    own assertions): the failure and the element it names are what is checked here,
    and test_strategies checks shrinking."""
    if FULL:
        _run_broken_example(tmp_path)
        return
    previous = settings.get_current_profile_name()
    settings.load_profile(NO_SHRINK)  # the example's @settings start from it
    try:
        _run_broken_example(tmp_path)
    finally:
        settings.load_profile(previous)


def _run_broken_example(tmp_path: Path) -> None:
    line = '    robot = etree.fromstring(urdf.encode())\n'
    broken = _example().replace(line, line + '    for el in robot.iter("origin"):\n'
                                             '        el.attrib.pop("rpy", None)\n')
    assert broken != _example()
    script = tmp_path / "test_prefix.py"
    script.write_text(broken)
    test = runpy.run_path(str(script))["test_prefix_names_keeps_the_robot"]
    with pytest.raises(AssertionError) as info:
        test()
    message = str(info.value)
    assert "differ" in message and "[@name='left_" in message, message
