"""Generated files are what the op spec generates (torch-mlir's pattern:
checked in for review, and CI fails when they are stale)."""

import subprocess
import sys


def test_generated_from_spec_are_up_to_date(repo):
    out = subprocess.run([sys.executable, str(repo / "tools" / "pd-opgen" / "pd_opgen.py"), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_generator_rejects_bad_specs(repo, tmp_path, monkeypatch):
    sys.path.insert(0, str(repo / "tools" / "pd-opgen"))
    import pd_opgen

    cases = {
        "- {op: f, args: '(Tensor x, quux y)', output: Tensor(out), infer_meta: {func: F}}":
            "unknown argument type 'quux'",
        "- {op: f, args: '(Tensor x)', output: Tensor(out)}": "infer_meta.func is required",
        "- {op: f, args: '(Tensor x)', output: Tensor(out), infer_meta: {func: F, param: [y]}}":
            "no argument named 'y'",
        "- {op: f, args: '(Tensor x)', output: Tensor(out), infer_meta: {func: F}, inplace: '(x -> y)'}":
            "no output named 'y'",
        "- {op: f, args: '(Tensor x, int a = 1, int b)', output: Tensor(out), infer_meta: {func: F}}":
            "b has no default but follows one",
    }
    for text, message in cases.items():
        spec = tmp_path / "ops.yaml"
        spec.write_text(text + "\n")
        try:
            ops = pd_opgen.load_spec(spec)
            pd_opgen.generate_py(ops)
        except pd_opgen.SpecError as e:
            assert message in str(e), (text, str(e))
        else:
            raise AssertionError(f"accepted a bad spec: {text}")


def test_every_op_has_inference_and_invalid_lit_tests(repo):
    """Each forward op of the spec is checked by an infer-*.mlir FileCheck
    line and rejected with a located error in an invalid-*.mlir file."""
    import re

    sys.path.insert(0, str(repo / "tools" / "pd-opgen"))
    import pd_opgen

    tests = repo / "test" / "Dialect" / "pd"
    infer = "".join(p.read_text() for p in tests.glob("infer-*.mlir"))
    invalid = "".join(p.read_text() for p in tests.glob("invalid-*.mlir"))
    checked = set(re.findall(r"CHECK[-A-Z]*:.*?pd\.(\w+)", infer))
    rejected = set(re.findall(r"expected-error[^\n]*'pd\.(\w+)' op", invalid))
    ops = [op.name for op in pd_opgen.load_spec()
           if not op.is_inplace_variant or op.standalone_inplace]
    assert not [o for o in ops if o not in checked], "ops without an inference test"
    assert not [o for o in ops if o not in rejected], "ops without an invalid-shape test"
