"""The encoder's lean rewrites remove work, never change a number (issue 20/21, CPU per pass).

A vector or a token state that moved by one bit would change what the memory stores and
decides; these rewrites only drop data movement and shape arithmetic, so the encoder's
outputs with and without them must be equal bit for bit, for one text alone (int8) and for
padded batches (float32), and a pattern that is not the exported key swap is left alone.
"""

from __future__ import annotations

import numpy as np
import pytest

from chronomem.providers.local import local_model_available
from chronomem.providers.onnx_lean import direct_key_transpose, drop_nan_guard

_onnx = pytest.importorskip("onnx")
_ort = pytest.importorskip("onnxruntime")


def _swap_chain(perm: list[int], last: list[int]) -> object:
    """A graph holding the exporter's way of swapping a 4-d tensor's last two axes, with the
    middle transpose's ``perm`` and the final shape's order of dimensions as given."""
    from onnx import TensorProto, helper, numpy_helper

    def part(name: str) -> object:
        return helper.make_node("Slice", ["shape", f"{name}_s", f"{name}_e"], [name])

    dims = {"d01": (-(2**63), -2), "d2": (-2, -1), "d3": (-1, 2**63 - 1)}
    consts = [numpy_helper.from_array(np.array([-1]), "minus_one")]
    for name, (start, end) in dims.items():
        consts += [
            numpy_helper.from_array(np.array([start]), f"{name}_s"),
            numpy_helper.from_array(np.array([end]), f"{name}_e"),
        ]
    order = {2: "d2", 3: "d3"}
    nodes = [
        helper.make_node("Transpose", ["x"], ["x4"], perm=[0, 2, 1, 3]),
        helper.make_node("Shape", ["x4"], ["shape"], start=0),
        *(part(name) for name in dims),
        helper.make_node("Concat", ["minus_one", "d2", "d3"], ["flat_shape"], axis=0),
        helper.make_node("Reshape", ["x4", "flat_shape"], ["flat"]),
        helper.make_node("Transpose", ["flat"], ["flat_t"], perm=perm),
        helper.make_node("Concat", ["d01", *(order[i] for i in last)], ["back_shape"], axis=0),
        helper.make_node("Reshape", ["flat_t", "back_shape"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes,
        "swap",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [None, None, None, None])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
        consts,
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def _run(model: object, feeds: dict[str, np.ndarray]) -> list[np.ndarray]:
    session = _ort.InferenceSession(
        model.SerializeToString(),  # type: ignore[attr-defined]
        providers=["CPUExecutionProvider"],
    )
    return session.run(None, feeds)  # type: ignore[no-any-return]


def test_the_exported_key_swap_becomes_one_transpose_with_the_same_tensor() -> None:
    x = np.random.default_rng(7).standard_normal((2, 5, 3, 4)).astype(np.float32)
    before = _run(_swap_chain([0, 2, 1], [3, 2]), {"x": x})[0]
    lean, count = direct_key_transpose(_swap_chain([0, 2, 1], [3, 2]))  # type: ignore[arg-type]
    assert count == 1
    assert [n.op_type for n in lean.graph.node] == ["Transpose", "Transpose"]
    after = _run(lean, {"x": x})[0]
    assert after.shape == (2, 3, 4, 5) and np.array_equal(before, after)


@pytest.mark.parametrize(("perm", "last"), [([1, 0, 2], [3, 2]), ([0, 2, 1], [2, 3])])
def test_a_chain_that_is_not_the_key_swap_is_left_alone(perm: list[int], last: list[int]) -> None:
    model = _swap_chain(perm, last)
    nodes = len(model.graph.node)  # type: ignore[attr-defined]
    lean, count = direct_key_transpose(model)  # type: ignore[arg-type]
    assert count == 0 and len(lean.graph.node) == nodes


def _guarded(source: str) -> object:
    """``Where(IsNaN(P), 0, P)`` over ``P``: a softmax (``source="Softmax"``) or a sigmoid."""
    from onnx import TensorProto, helper, numpy_helper

    graph = helper.make_graph(
        [
            helper.make_node(source, ["x"], ["p"]),
            helper.make_node("IsNaN", ["p"], ["nan"]),
            helper.make_node("Where", ["nan", "zero", "p"], ["guarded"]),
            helper.make_node("Neg", ["guarded"], ["y"]),
        ],
        "guard",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [None, None])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
        [numpy_helper.from_array(np.array(0, dtype=np.float32), "zero")],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def test_the_guard_after_a_softmax_goes_and_its_reader_reads_the_softmax() -> None:
    x = np.random.default_rng(3).standard_normal((4, 9)).astype(np.float32)
    x[1, :] = -3.4e38  # every key masked with the finite minimum: a uniform row, no NaN
    before = _run(_guarded("Softmax"), {"x": x})[0]
    lean, count = drop_nan_guard(_guarded("Softmax"))  # type: ignore[arg-type]
    assert count == 1 and [n.op_type for n in lean.graph.node] == ["Softmax", "Neg"]
    assert np.array_equal(before, _run(lean, {"x": x})[0])


def test_a_guard_over_anything_but_a_softmax_stays() -> None:
    lean, count = drop_nan_guard(_guarded("Sigmoid"))  # type: ignore[arg-type]
    assert count == 0 and len(lean.graph.node) == 4


def test_a_graph_with_an_infinite_constant_keeps_its_guards() -> None:
    """A -inf mask can mask a whole row, and then the softmax is NaN and the guard is needed."""
    from onnx import numpy_helper

    model = _guarded("Softmax")
    model.graph.initializer.append(  # type: ignore[attr-defined]
        numpy_helper.from_array(np.array([-np.inf], dtype=np.float32), "mask_value")
    )
    lean, count = drop_nan_guard(model)  # type: ignore[arg-type]
    assert count == 0 and len(lean.graph.node) == 4


needs_model = pytest.mark.skipif(not local_model_available(), reason='needs "chronomem[local]"')

TEXTS = [
    "Hi!",
    "Nadia: We closed on a house in Tacoma and moved in last weekend, finally!!",
    "Café déjà vu: naïve résumé ÜBER Straße 東京 🚗",
    " ".join(["Caroline: I went to the support group yesterday and it was powerful."] * 5),
    "the " * 400,  # cut at 256 wordpieces
]


def _encoder(precision: str, lean: bool) -> object:
    from chronomem.providers.local import default_model_files
    from chronomem.providers.onnx_graph import dynamic_int8, portable_softmax

    model = _onnx.load(str(default_model_files().onnx))
    if precision == "int8":
        model, _ = dynamic_int8(model, signed=False)
    model, _ = portable_softmax(model)
    if lean:
        model, swaps = direct_key_transpose(model)
        model, guards = drop_nan_guard(model)
        assert swaps == guards == 6  # one each per layer of all-MiniLM-L6-v2
    options = _ort.SessionOptions()
    options.intra_op_num_threads = 1
    return _ort.InferenceSession(
        model.SerializeToString(), sess_options=options, providers=["CPUExecutionProvider"]
    )


def _feeds(batch: list[list[int]]) -> dict[str, np.ndarray]:
    width = max(len(ids) for ids in batch)
    ids = np.zeros((len(batch), width), dtype=np.int64)
    mask = np.zeros_like(ids)
    for row, tokens in enumerate(batch):
        ids[row, : len(tokens)], mask[row, : len(tokens)] = tokens, 1
    return {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}


@pytest.mark.local_model
@needs_model
@pytest.mark.parametrize("precision", ["int8", "float32"])
def test_the_encoders_states_are_bit_identical_with_and_without_the_rewrite(
    precision: str,
) -> None:
    from chronomem.providers.local import LocalEmbedder

    tokenizer = LocalEmbedder()._load().tokenizer
    ids = [e.ids for e in tokenizer.encode_batch(TEXTS)]
    batches = [[row] for row in ids] + ([ids] if precision == "float32" else [])  # padded too
    plain, lean = _encoder(precision, lean=False), _encoder(precision, lean=True)
    for batch in batches:
        feeds = _feeds(batch)
        (before,) = plain.run(None, feeds)  # type: ignore[attr-defined]
        (after,) = lean.run(None, feeds)  # type: ignore[attr-defined]
        assert before.tobytes() == after.tobytes()


@pytest.mark.local_model
@needs_model
def test_texts_tokenized_one_by_one_give_the_batch_encodings() -> None:
    from chronomem.providers.local import LocalEmbedder

    runtime = LocalEmbedder()._load()
    alone, batch = runtime.tokenize(TEXTS), runtime.tokenizer.encode_batch(TEXTS)
    assert [(e.ids, e.offsets) for e in alone] == [(e.ids, e.offsets) for e in batch]
