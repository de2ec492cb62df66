"""Fuzzing (issue: robustness): mutated samples give a result or diagnostics, never a crash.

The engine is ``tests/fuzzing.py`` (tree, structure and byte mutations of the
samples; every entry point on each case, within the time bound).  Hypothesis
draws the parameters here: 3600 cases per run (1200 from the URDF samples,
1800 from the SDF ones, 600 with structure mutations only), about a minute on a
2-core machine.
``benchmarks/fuzz_sweep.py`` runs the same engine offline on 100k+ cases.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import OPS, SAMPLES, STRUCTURE_OPS, TEXTS, mutate, run_all
from tiers import examples

_BIG = st.integers(min_value=0, max_value=2**31)
_OP = st.tuples(st.sampled_from(OPS), _BIG, _BIG, _BIG)


def _cases(first: int, count: int) -> st.SearchStrategy[bytes | str]:
    return st.builds(
        mutate,
        st.integers(min_value=first, max_value=first + count - 1),
        st.lists(_OP, min_size=0, max_size=6),
        st.one_of(st.none(), st.none(), st.none(), st.none(), _BIG),
        st.one_of(st.none(), st.none(), st.none(), st.none(), st.none(),
                  st.tuples(_BIG, _BIG)),
        st.integers(min_value=0, max_value=7),
    )


_N_URDF = len(sorted(SAMPLES.glob("*.urdf")))
_SETTINGS = settings(deadline=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@settings(_SETTINGS, max_examples=examples(1200))
@given(_cases(0, _N_URDF))
def test_fuzz_urdf_samples(data: bytes | str) -> None:
    run_all(data)


@settings(_SETTINGS, max_examples=examples(1800))
@given(_cases(_N_URDF, len(TEXTS) - _N_URDF))
def test_fuzz_sdf_samples(data: bytes | str) -> None:
    run_all(data)


@settings(_SETTINGS, max_examples=examples(600))
@given(st.builds(mutate, st.integers(min_value=0, max_value=len(TEXTS) - 1),
                 st.lists(st.tuples(st.sampled_from(STRUCTURE_OPS), _BIG, _BIG, _BIG),
                          min_size=1, max_size=6),
                 st.none(), st.none(), st.integers(min_value=0, max_value=7)))
def test_fuzz_structure_only(data: bytes | str) -> None:
    """Mostly valid documents with comments, PIs, CDATA, namespaced content anywhere."""
    run_all(data)


def test_samples_found() -> None:
    assert _N_URDF >= 3 and len(TEXTS) - _N_URDF >= 50
