"""Robustness and security (issue): one test per class of bad input.

Every refused input goes through the CLI (``urdfsdf.commands.cli.main``) with ``-o``: a
diagnostic with its code and line on stderr, exit status 1, no traceback, no
output file, the input file unchanged.
"""

from __future__ import annotations

import importlib.util
import io
import os
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import pytest
from lxml import etree

import urdfsdf
from urdfsdf.commands.cli import main
from urdfsdf.xml.readctx import inertia_problem, principal_moments

from conftest import ROOT
from tiers import FULL


def generate(kind: str, n: int) -> str:
    """``benchmarks/gen_models.py``'s ``generate``."""
    spec = importlib.util.spec_from_file_location("gen_models",
                                                  ROOT / "benchmarks" / "gen_models.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return str(module.generate(kind, n))

COMMAND = {"urdf": "urdf2sdf", "sdf": "sdf2urdf"}


def run(tmp_path: Path, fmt: str, data: str | bytes, *extra: str
        ) -> tuple[int, str, str, Path]:
    """``urdf2sdf``/``sdf2urdf`` on ``data`` written to a file, with ``-o``.

    Checks what holds whatever the outcome: no traceback, the input unchanged.
    Returns (status, stdout, stderr, output path).
    """
    src = tmp_path / f"input.{fmt}"
    if isinstance(data, str):
        data = data.encode("utf-8")
    src.write_bytes(data)
    out_path = tmp_path / f"output.{'sdf' if fmt == 'urdf' else 'urdf'}"
    out, err = io.StringIO(), io.StringIO()
    status = main([COMMAND[fmt], str(src), "-o", str(out_path), *extra], stdout=out, stderr=err)
    assert "Traceback" not in err.getvalue() + out.getvalue()
    assert src.read_bytes() == data, "the input file was modified"
    return status, out.getvalue(), err.getvalue(), out_path


def refused(tmp_path: Path, fmt: str, data: str | bytes, code: str, line: int) -> str:
    """Assert ``data`` is refused with ``code`` at ``line``; returns stderr."""
    status, out, err, out_path = run(tmp_path, fmt, data)
    assert status == 1, err
    assert not out_path.exists(), "an output file was written for invalid input"
    assert [p.name for p in tmp_path.iterdir()] == [f"input.{fmt}"], "temporary file left"
    src = tmp_path / f"input.{fmt}"
    assert f"{src}:{line}: error[{code}]" in err, err
    return out + err


# -- documents ---------------------------------------------------------------

def urdf_with_origin(xyz: str) -> str:
    """Two links and a joint whose origin (line 5) has ``xyz``."""
    return ('<robot name="r">\n  <link name="a"/>\n  <link name="b"/>\n'
            '  <joint name="j" type="fixed">\n'
            f'    <origin xyz="{xyz}" rpy="0 0 0"/>\n'
            '    <parent link="a"/>\n    <child link="b"/>\n  </joint>\n</robot>\n')


def sdf_with_pose(pose: str) -> str:
    """One model, one link whose pose (line 4) is ``pose``."""
    return ('<sdf version="1.7">\n  <model name="m">\n    <link name="a">\n'
            f'      <pose>{pose}</pose>\n    </link>\n  </model>\n</sdf>\n')


def urdf_inertial(mass: str = "1", ixx: str = "1", ixy: str = "0", ixz: str = "0",
                  iyy: str = "1", iyz: str = "0", izz: str = "1") -> str:
    """One link with an inertial: <mass> on line 4, <inertia> on line 5."""
    return ('<robot name="r">\n  <link name="a">\n    <inertial>\n'
            f'      <mass value="{mass}"/>\n'
            f'      <inertia ixx="{ixx}" ixy="{ixy}" ixz="{ixz}" iyy="{iyy}" iyz="{iyz}"'
            f' izz="{izz}"/>\n'
            '    </inertial>\n  </link>\n</robot>\n')


def sdf_inertial(mass: str = "1", ixx: str = "1", ixy: str = "0", iyy: str = "1",
                 izz: str = "1") -> str:
    """One link with an inertial: <mass> on line 6, <inertia> on line 7."""
    return ('<sdf version="1.7">\n  <model name="m">\n    <link name="a">\n'
            '      <inertial>\n        <pose>0 0 0 0 0 0</pose>\n'
            f'        <mass>{mass}</mass>\n'
            f'        <inertia><ixx>{ixx}</ixx><ixy>{ixy}</ixy><iyy>{iyy}</iyy>'
            f'<izz>{izz}</izz></inertia>\n'
            '      </inertial>\n    </link>\n  </model>\n</sdf>\n')


def sdf_model(body: str) -> str:
    """``body`` (starting on line 3) inside <sdf><model name="m">."""
    return f'<sdf version="1.7">\n  <model name="m">\n{body}  </model>\n</sdf>\n'


# -- XML level ---------------------------------------------------------------

@pytest.mark.parametrize("fmt", ["urdf", "sdf"])
def test_not_xml(tmp_path: Path, fmt: str) -> None:
    refused(tmp_path, fmt, "this is not XML\n", "PARSING_ERROR", 1)


@pytest.mark.parametrize("fmt", ["urdf", "sdf"])
def test_truncated_xml(tmp_path: Path, fmt: str) -> None:
    text = ('<robot name="r">\n  <link name="a">\n' if fmt == "urdf" else
            '<sdf version="1.7">\n  <model name="m">\n')
    refused(tmp_path, fmt, text, "PARSING_ERROR", 3)


@pytest.mark.parametrize("fmt", ["urdf", "sdf"])
@pytest.mark.parametrize("text", ["", "\n  \n"], ids=["empty", "blank"])
def test_empty_file(tmp_path: Path, fmt: str, text: str) -> None:
    refused(tmp_path, fmt, text, "PARSING_ERROR", 1)


def test_wrong_root_urdf(tmp_path: Path) -> None:
    refused(tmp_path, "urdf", '<?xml version="1.0"?>\n<sdf version="1.7"/>\n',
            "WRONG_FORMAT", 2)


def test_wrong_root_sdf(tmp_path: Path) -> None:
    refused(tmp_path, "sdf", '<?xml version="1.0"?>\n<robot name="r"/>\n',
            "WRONG_FORMAT", 2)


# -- entities: XXE and billion laughs ----------------------------------------

XXE = ('<?xml version="1.0"?>\n<!DOCTYPE robot [\n'
       '<!ENTITY x SYSTEM "file:///etc/passwd">\n]>\n'
       '<robot name="r">\n  <link name="a"/>\n  <gazebo>&x;</gazebo>\n</robot>\n')


def _lol(levels: int = 10) -> str:
    """Nested entity expansion: ``&lol9;`` would be 10**9 'lol's."""
    decls = ['<!ENTITY lol0 "lol">']
    for i in range(1, levels):
        decls.append(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">')
    return ('<?xml version="1.0"?>\n<!DOCTYPE robot [\n' + "\n".join(decls) + "\n]>\n"
            f'<robot name="&lol{levels - 1};">\n  <link name="a">&lol{levels - 1};</link>\n'
            '</robot>\n')


def _secret_lines() -> list[str]:
    try:
        return [ln for ln in Path("/etc/passwd").read_text().splitlines() if ln.strip()][:3]
    except OSError:
        return []


@pytest.mark.parametrize("fmt", ["urdf", "sdf"])
def test_xxe_external_entity_refused_reading_nothing(tmp_path: Path, fmt: str) -> None:
    text = XXE if fmt == "urdf" else XXE.replace("<robot name=\"r\">", '<sdf version="1.7">')\
        .replace("</robot>", "</sdf>")
    start = time.perf_counter()
    printed = refused(tmp_path, fmt, text, "PARSING_ERROR", 3)
    assert time.perf_counter() - start < 1.0
    for line in _secret_lines():
        assert line not in printed


def test_xxe_secret_file_never_appears(tmp_path: Path) -> None:
    secret = tmp_path.parent / f"{tmp_path.name}-secret.txt"
    secret.write_text("TOP-SECRET-7d1c\n")
    try:
        for text in (
            XXE.replace("file:///etc/passwd", secret.as_uri()),
            # parameter entities and an external DTD subset
            f'<!DOCTYPE robot [<!ENTITY % p SYSTEM "{secret.as_uri()}"> %p;]>\n'
            '<robot name="r"><link name="a"/></robot>\n',
        ):
            printed = refused(tmp_path, "urdf", text, "PARSING_ERROR", 1 if "%" in text else 3)
            assert "TOP-SECRET" not in printed
            with pytest.raises(urdfsdf.TranslationError) as info:
                urdfsdf.urdf_to_sdf(text)
            assert "TOP-SECRET" not in str(info.value)
    finally:
        secret.unlink()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX named pipes")
@pytest.mark.parametrize("kind", ["entity", "external_dtd", "utf16_entity",
                                  "utf16_external_dtd"])
def test_xxe_never_opens_the_file(tmp_path: Path, kind: str) -> None:
    """The referenced file is a named pipe: opening it would block until a writer comes.

    A writer thread comes after 1 s (or when the test ends) and writes a secret;
    a parser that opened the pipe would take 1 s and could show the secret.
    """
    fifo = tmp_path.parent / f"{tmp_path.name}-pipe"
    os.mkfifo(fifo)
    done = threading.Event()

    def writer() -> None:
        done.wait(1.0)
        with open(fifo, "w") as fh:  # blocks until someone reads
            fh.write('<!ENTITY x "PIPE-SECRET-93fa">\n')

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    if kind.endswith("external_dtd"):
        text = (f'<!DOCTYPE robot SYSTEM "{fifo.as_uri()}">\n'
                '<robot name="r">\n  <link name="a"/>\n  <gazebo>&x;</gazebo>\n</robot>\n')
    else:
        text = XXE.replace("file:///etc/passwd", fifo.as_uri())
    data: bytes = text.encode("utf-8")
    if kind.startswith("utf16"):
        data = ('<?xml version="1.0" encoding="UTF-16"?>' + text).encode("utf-16")
    try:
        start = time.perf_counter()
        status, out, err, out_path = run(tmp_path, "urdf", data)
        elapsed = time.perf_counter() - start
        assert status == 1 and not out_path.exists()
        assert "error[PARSING_ERROR]" in err
        assert "PIPE-SECRET" not in out + err
        assert elapsed < 1.0
    finally:
        # release the writer: a non-blocking reader lets its open() return
        done.set()
        fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        thread.join(5.0)
        os.close(fd)
        fifo.unlink()


@pytest.mark.parametrize("fmt", ["urdf", "sdf"])
def test_billion_laughs_refused_fast(tmp_path: Path, fmt: str) -> None:
    text = _lol()
    if fmt == "sdf":
        text = text.replace("<robot ", '<sdf version="1.7" ').replace("</robot>", "</sdf>")
    start = time.perf_counter()
    printed = refused(tmp_path, fmt, text, "PARSING_ERROR", 3)
    assert time.perf_counter() - start < 1.0
    assert "lollol" not in printed


def test_billion_laughs_utf16_refused_fast(tmp_path: Path) -> None:
    text = _lol().replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-16"?>')
    start = time.perf_counter()
    printed = refused(tmp_path, "urdf", text.encode("utf-16"), "PARSING_ERROR", 3)
    assert time.perf_counter() - start < 1.0
    assert "lollol" not in printed


def test_doctype_without_entities_is_read() -> None:
    """A bare DOCTYPE (no entity, no external DTD) is harmless and accepted."""
    sdf = urdfsdf.urdf_to_sdf('<!DOCTYPE robot>\n<robot name="r"><link name="a"/></robot>\n')
    assert '<link name="a"' in sdf


# -- numbers -----------------------------------------------------------------

BAD_NUMBERS = ["nan 0 0", "0 inf 0", "0 0 -inf", "1e400 0 0", "0 -1e400 0", "a b c",
               "1 2 x", "0x1 0 0"]


@pytest.mark.parametrize("xyz", BAD_NUMBERS)
def test_bad_number_urdf(tmp_path: Path, xyz: str) -> None:
    refused(tmp_path, "urdf", urdf_with_origin(xyz), "ATTRIBUTE_INVALID", 5)


#: libsdformat reads a hex float (``std::stod``: 0x1 is 1), so urdfsdf does too, with a
#: warning (issue 36; tests/sdf/test_param_text.py)
@pytest.mark.parametrize("xyz", [x for x in BAD_NUMBERS if not x.startswith("0x")])
def test_bad_number_sdf(tmp_path: Path, xyz: str) -> None:
    refused(tmp_path, "sdf", sdf_with_pose(f"{xyz} 0 0 0"), "ELEMENT_INVALID", 4)


@pytest.mark.parametrize("xyz", ["1 2", "1 2 3 4", "", "1"])
def test_wrong_count_urdf(tmp_path: Path, xyz: str) -> None:
    refused(tmp_path, "urdf", urdf_with_origin(xyz), "ATTRIBUTE_INVALID", 5)


@pytest.mark.parametrize("pose", ["1 2", "1 2 3 4 5", "1 2 3 4 5 6 7"])
def test_wrong_count_sdf(tmp_path: Path, pose: str) -> None:
    refused(tmp_path, "sdf", sdf_with_pose(pose), "ELEMENT_INVALID", 4)


def test_underflow_is_a_number(tmp_path: Path) -> None:
    """1e-400 is a finite number (0 as a double): accepted, its text kept."""
    status, _, err, out_path = run(tmp_path, "urdf", urdf_with_origin("1e-400 0 0"))
    assert status == 0, err
    assert "1e-400 0 0" in out_path.read_text()


# -- names -------------------------------------------------------------------

def test_missing_name_urdf(tmp_path: Path) -> None:
    refused(tmp_path, "urdf", '<robot name="r">\n  <link name="a"/>\n  <link/>\n</robot>\n',
            "ATTRIBUTE_MISSING", 3)


def test_empty_name_urdf(tmp_path: Path) -> None:
    refused(tmp_path, "urdf",
            '<robot name="r">\n  <link name="a"/>\n  <link name=" "/>\n</robot>\n',
            "ATTRIBUTE_INVALID", 3)


def test_missing_name_sdf(tmp_path: Path) -> None:
    refused(tmp_path, "sdf", sdf_model('    <link name="a"/>\n    <link/>\n'),
            "ATTRIBUTE_MISSING", 4)


def test_empty_name_sdf(tmp_path: Path) -> None:
    refused(tmp_path, "sdf", sdf_model('    <link name="a"/>\n    <link name=""/>\n'),
            "ATTRIBUTE_INVALID", 4)


def test_missing_joint_name_urdf(tmp_path: Path) -> None:
    text = ('<robot name="r">\n  <link name="a"/>\n  <link name="b"/>\n'
            '  <joint type="fixed">\n    <parent link="a"/>\n    <child link="b"/>\n'
            '  </joint>\n</robot>\n')
    refused(tmp_path, "urdf", text, "ATTRIBUTE_MISSING", 4)


def test_duplicate_link_urdf(tmp_path: Path) -> None:
    refused(tmp_path, "urdf", '<robot name="r">\n  <link name="a"/>\n  <link name="a"/>\n'
            '</robot>\n', "DUPLICATE_NAME", 3)


def test_duplicate_link_sdf(tmp_path: Path) -> None:
    refused(tmp_path, "sdf", sdf_model('    <link name="a"/>\n    <link name="a"/>\n'),
            "DUPLICATE_NAME", 4)


def test_unicode_names_preserved(tmp_path: Path) -> None:
    text = ('<?xml version="1.0" encoding="utf-8"?>\n<robot name="robøt">\n'
            '  <link name="länk_λ"/>\n  <link name="腕"/>\n'
            '  <joint name="関節" type="revolute">\n    <parent link="länk_λ"/>\n'
            '    <child link="腕"/>\n    <axis xyz="0 0 1"/>\n'
            '    <limit lower="-1" upper="1" effort="1" velocity="1"/>\n  </joint>\n</robot>\n')
    status, _, err, out_path = run(tmp_path, "urdf", text)
    assert status == 0, err
    sdf = out_path.read_text(encoding="utf-8")
    for name in ("robøt", "länk_λ", "腕", "関節"):
        assert f'name="{name}"' in sdf
    back = urdfsdf.sdf_to_urdf(sdf)
    for name in ("robøt", "länk_λ", "腕", "関節"):
        assert f'name="{name}"' in back
    assert '<parent link="länk_λ"/>' in back and '<child link="腕"/>' in back


def test_unicode_names_sdf(tmp_path: Path) -> None:
    text = sdf_model('    <link name="ß"/>\n    <link name="ж"/>\n'
                     '    <joint name="🦾" type="fixed">\n      <parent>ß</parent>\n'
                     '      <child>ж</child>\n    </joint>\n')
    status, _, err, out_path = run(tmp_path, "sdf", text)
    assert status == 0, err
    urdf = out_path.read_text(encoding="utf-8")
    assert '<joint name="🦾" type="fixed">' in urdf
    assert '<parent link="ß"/>' in urdf and '<child link="ж"/>' in urdf


# -- joints and the tree -----------------------------------------------------

def test_unknown_joint_type_urdf(tmp_path: Path) -> None:
    text = ('<robot name="r">\n  <link name="a"/>\n  <link name="b"/>\n'
            '  <joint name="j" type="hinge">\n    <parent link="a"/>\n    <child link="b"/>\n'
            '  </joint>\n</robot>\n')
    refused(tmp_path, "urdf", text, "ATTRIBUTE_INVALID", 4)


def test_unknown_joint_type_sdf(tmp_path: Path) -> None:
    text = sdf_model('    <link name="a"/>\n    <link name="b"/>\n'
                     '    <joint name="j" type="hinge">\n      <parent>a</parent>\n'
                     '      <child>b</child>\n    </joint>\n')
    refused(tmp_path, "sdf", text, "ATTRIBUTE_INVALID", 5)


def test_urdf_loop_without_root(tmp_path: Path) -> None:
    text = ('<robot name="r">\n  <link name="a"/>\n  <link name="b"/>\n'
            '  <joint name="j1" type="fixed"><parent link="a"/><child link="b"/></joint>\n'
            '  <joint name="j2" type="fixed"><parent link="b"/><child link="a"/></joint>\n'
            '</robot>\n')
    refused(tmp_path, "urdf", text, "URDF_TREE_INVALID", 1)


def test_urdf_loop_beside_the_root(tmp_path: Path) -> None:
    """root -> a, and b <-> c: c is b's parent and b is c's parent (line 4: link b)."""
    text = ('<robot name="r">\n  <link name="root"/>\n  <link name="a"/>\n'
            '  <link name="b"/>\n  <link name="c"/>\n'
            '  <joint name="j1" type="fixed"><parent link="root"/><child link="a"/></joint>\n'
            '  <joint name="j2" type="fixed"><parent link="b"/><child link="c"/></joint>\n'
            '  <joint name="j3" type="fixed"><parent link="c"/><child link="b"/></joint>\n'
            '</robot>\n')
    refused(tmp_path, "urdf", text, "URDF_TREE_INVALID", 4)


# -- inertials ---------------------------------------------------------------

def test_negative_mass_urdf(tmp_path: Path) -> None:
    refused(tmp_path, "urdf", urdf_inertial(mass="-1"), "ELEMENT_INVALID", 4)


def test_negative_mass_sdf(tmp_path: Path) -> None:
    # libsdformat's code for it (Link::Load), as its own test inertial_invalid.sdf asserts
    refused(tmp_path, "sdf", sdf_inertial(mass="-0.5"), "LINK_INERTIA_INVALID", 6)


INVALID_INERTIAS = {
    "negative_moment": dict(ixx="-1"),
    "indefinite": dict(ixy="2"),  # eigenvalues -1, 1, 3
    "triangle": dict(izz="3"),  # 1 + 1 < 3
    "triangle_rotated": dict(ixx="2", iyy="2", ixy="1.9", izz="0.1"),  # 0.1 0.1 3.9
}


@pytest.mark.parametrize("case", sorted(INVALID_INERTIAS))
def test_invalid_inertia_warns_urdf(tmp_path: Path, case: str) -> None:
    status, _, err, out_path = run(tmp_path, "urdf", urdf_inertial(**INVALID_INERTIAS[case]))
    assert status == 0 and out_path.exists(), err  # urdfdom accepts it: a warning
    assert f"{tmp_path / 'input.urdf'}:5: warning[LINK_INERTIA_INVALID]" in err, err
    out_path.unlink()
    status, _, err, out_path = run(tmp_path, "urdf", urdf_inertial(**INVALID_INERTIAS[case]),
                                   "--strict")
    assert status == 1 and not out_path.exists()


@pytest.mark.parametrize("case", ["negative_moment", "indefinite", "triangle"])
def test_invalid_inertia_warns_sdf(tmp_path: Path, case: str) -> None:
    status, _, err, out_path = run(tmp_path, "sdf", sdf_inertial(**INVALID_INERTIAS[case]))
    assert status == 0 and out_path.exists(), err
    assert f"{tmp_path / 'input.sdf'}:7: warning[LINK_INERTIA_INVALID]" in err, err


@pytest.mark.parametrize("moments", [
    (1, 0, 0, 1, 0, 1),  # a sphere
    (1, 0, 0, 1, 0, 2),  # a thin plate: I1 + I2 == I3 exactly
    (0.1, 0, 0, 0.1, 0, 0.2 * (1 + 1e-9)),  # within the tolerance
    (0, 0, 0, 0, 0, 0),  # massless
    (2, 0.5, 0, 2, 0, 3),  # rotated: principal moments 1.5 2.5 3
    (1e-300, 0, 0, 1e-300, 0, 1e-300),  # tiny
    (1e300, 1e299, 0, 1e300, 0, 1e300),  # huge
])
def test_valid_inertia_no_warning(moments: tuple[float, ...]) -> None:
    assert inertia_problem(moments) is None


@pytest.mark.parametrize("moments", [
    (-1, 0, 0, 1, 0, 1), (1, 2, 0, 1, 0, 1), (1, 0, 0, 1, 0, 3), (2, 1.9, 0, 2, 0, 0.1),
    (0.1, 0, 0, 0.1, 0, 0.2 * (1 + 1e-5)), (1e300, 0, 0, 1e300, 0, 3e300),
])
def test_invalid_inertia_problem(moments: tuple[float, ...]) -> None:
    assert inertia_problem(moments) is not None


def test_principal_moments_match_numpy() -> None:
    import numpy as np

    rng = np.random.default_rng(7)
    for _ in range(500):
        m = rng.uniform(-1, 1, 6)
        m[rng.uniform(size=6) < 0.3] = 0.0
        a = np.array([[m[0], m[1], m[2]], [m[1], m[3], m[4]], [m[2], m[4], m[5]]])
        expected = np.sort(np.linalg.eigvalsh(a))
        assert np.allclose(principal_moments(list(m)), expected, atol=1e-12)


# -- size --------------------------------------------------------------------

@pytest.mark.long
def test_100k_link_chain_converts_without_recursion_error() -> None:
    n = 100_000 if FULL else 20_000  # the quick tier: still 20 times the recursion limit
    parts = ['<robot name="chain">\n']
    parts += [f'  <link name="l{i}"/>\n' for i in range(n)]
    parts += [f'  <joint name="j{i}" type="fixed"><parent link="l{i - 1}"/>'
              f'<child link="l{i}"/></joint>\n' for i in range(1, n)]
    parts.append("</robot>\n")
    sdf = urdfsdf.urdf_to_sdf("".join(parts))
    assert sdf.count("<link ") == n and sdf.count("<joint ") == n - 1
    assert f'<pose relative_to="j{n - 1}"/>' in sdf


#: peak Python memory (tracemalloc) over file size for urdf2sdf of a urdf_chain; measured
#: 8.0x at 11000 links (10.1 MB) and 8.7x at 4000 (3.7 MB): the bound leaves room for growth
MEMORY_BOUND = 30


@pytest.mark.long
def test_large_file_memory_bounded(tmp_path: Path) -> None:
    src = tmp_path / "big.urdf"
    n = 11_000 if FULL else 4_000  # about 10 MB; the quick tier 3.6 MB (the same ratio)
    src.write_text(generate("urdf_chain", n))
    size = src.stat().st_size
    assert size > 800 * n
    tracemalloc.start()
    try:
        sdf = urdfsdf.urdf_to_sdf(str(src))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert sdf.count("<link ") == n
    assert peak < MEMORY_BOUND * size, f"peak {peak / size:.1f}x the file size"


# -- the command line's own streams ------------------------------------------

class _BrokenPipe(io.StringIO):
    def write(self, s: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize("argv", [["urdf2sdf"], ["poses", "--json"], ["check", "--json"]])
def test_broken_pipe_is_not_a_crash(argv: list[str]) -> None:
    """``urdf2sdf robot.urdf | head``: the reader goes away; no traceback."""
    sample = ROOT / "samples" / ("parity.urdf" if argv[0] != "poses" else
                                 "pendulum_with_base.sdf")
    err = io.StringIO()
    status = main([*argv, str(sample)], stdout=_BrokenPipe(), stderr=err)
    assert status == 1
    assert "Traceback" not in err.getvalue()


@pytest.mark.parametrize("closed", ["stdout", "stdin"])
def test_closed_standard_stream(closed: str, tmp_path: Path) -> None:
    import subprocess

    code = (f"import sys; sys.{closed} = None\n"
            "from urdfsdf.commands.cli import main\n"
            f"raise SystemExit(main(['urdf2sdf'{', sys.argv[1]' if closed == 'stdout' else ''}]))")
    result = subprocess.run([sys.executable, "-c", code, str(ROOT / "samples" / "parity.urdf")],
                            capture_output=True, text=True, check=False, timeout=60)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert f"standard {'output' if closed == 'stdout' else 'input'} is closed" in result.stderr


# -- API edges (found by fuzzing and probing) --------------------------------

def _every_entry_point(data: str | bytes) -> list[list[tuple[str, int | None]]]:
    """(code, line) of the errors from all four entry points; none may raise otherwise."""
    from urdfsdf.commands.check import check_source
    from urdfsdf.commands.poses import poses_source

    found = []
    for fn in (urdfsdf.urdf_to_sdf, urdfsdf.sdf_to_urdf):
        with pytest.raises(urdfsdf.TranslationError) as info:
            fn(data)
        found.append([(d.code, d.line) for d in info.value.diagnostics if d.severity == "error"])
    found.append([(d.code, d.line) for d in check_source(data).diagnostics
                  if d.severity == "error"])
    found.append([(d.code, d.line) for d in poses_source(data)[1] if d.severity == "error"])
    return found


def test_utf16_entities_refused_everywhere() -> None:
    """Regression: an entity declared in a UTF-16 document passed the byte scan and its
    reference, kept in a <sensor>, crashed the frame engine (fuzzing)."""
    text = ('<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE sdf [\n'
            '<!ENTITY x "1">\n]>\n<sdf version="1.7">\n  <model name="m">\n'
            '    <link name="a"><sensor name="s" type="imu"><pose relative_to="a">&x; 0 0 0 0 0'
            '</pose></sensor></link>\n  </model>\n</sdf>\n')
    for data in (text.encode("utf-16"), text.encode("utf-16-be"), text.encode("utf-32")):
        assert _every_entry_point(data) == [[("PARSING_ERROR", 3)]] * 4


def test_nul_in_a_path_is_a_read_error() -> None:
    assert _every_entry_point("robot\x00.urdf") == [[("FILE_READ", None)]] * 4


@pytest.mark.parametrize("text", ["", "  \n"])
def test_empty_text_is_an_empty_document(text: str) -> None:
    assert _every_entry_point(text) == [[("PARSING_ERROR", 1)]] * 4


def test_byte_order_mark_before_text() -> None:
    sdf = urdfsdf.urdf_to_sdf('\ufeff<robot name="r"><link name="a"/></robot>')
    assert '<model name="r"' in sdf


def test_inertial_pose_relative_to_warns_and_is_read_in_the_link_frame(tmp_path: Path) -> None:
    # //inertial/pose/@relative_to is not SDFormat 1.7: libsdformat 12 warns and reads the
    # pose in the link frame; so do we, and the URDF inertial origin is the pose as written
    sdf = ('<?xml version="1.0"?>\n<sdf version="1.7">\n  <model name="m">\n'
           '    <link name="a"><pose>1 0 0 0 0 0</pose></link>\n'
           '    <link name="b"><pose relative_to="j"/>\n'
           '      <inertial><pose relative_to="a">0 0 0.5 0 0 0.25</pose><mass>1</mass>'
           '</inertial>\n    </link>\n'
           '    <joint name="j" type="fixed"><pose relative_to="a">0 2 0 0 0 0</pose>'
           '<parent>a</parent><child>b</child></joint>\n  </model>\n</sdf>\n')
    status, _, err, out_path = run(tmp_path, "sdf", sdf)
    assert status == 0 and out_path.exists(), err
    assert f"{tmp_path / 'input.sdf'}:6: warning[ATTRIBUTE_INVALID]" in err, err
    inertial = etree.parse(str(out_path)).find("link[@name='b']/inertial/origin")
    assert inertial is not None
    assert (inertial.get("xyz"), inertial.get("rpy")) == ("0 0 0.5", "0 0 0.25")
    out_path.unlink()
    status, _, err, out_path = run(tmp_path, "sdf", sdf, "--strict")
    assert status == 1 and not out_path.exists()
