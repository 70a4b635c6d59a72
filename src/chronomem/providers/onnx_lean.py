"""Take work out of the encoder's graph without changing one bit of what it computes.

The pinned export spends much of a short text's forward pass outside its weight products
(``docs/embeddings.md``, "Where a pass goes"): ONNX Runtime runs each node with a fixed cost
of its own, and the export carries nodes that only move data or compute shapes. The rewrites
here are each exact *by construction*, on every CPU, because none of them does arithmetic
on a value: they remove data movement or a test that can never be true, and every float
operation that reaches an output is the same operation, on the same operands, as before.

:func:`direct_key_transpose` — the export turns each layer's keys ``K`` (batch, heads,
tokens, 32) into ``K^T`` (batch, heads, 32, tokens) through ``Shape``, three ``Slice``, two
``Concat``, a ``Reshape`` to three dimensions, a ``Transpose`` and a ``Reshape`` back (how
``torch.transpose(-2, -1)`` was exported). One ``Transpose`` with ``perm = [0, 1, 3, 2]``
puts every element at the same place: the same tensor, no arithmetic; ONNX Runtime folds it
into the preceding head transpose, ten nodes fewer per layer in the session.

:func:`drop_nan_guard` — after each attention softmax the export adds
``Where(IsNaN(P), 0, P)`` (PyTorch's guard for a row whose every key is masked with -inf).
Here the mask adds the finite ``-3.4e38``, and a softmax of finite scores is
``exp(x - max) / sum`` with every term in [0, 1] and a sum of at least 1 (the largest term is
``exp(0)``): no NaN can come out, so the guard returns ``P`` itself, element for element. The
scores are finite because every activation is: the graph's inputs are token ids and a mask,
every constant is finite (checked: a graph holding an infinite or NaN constant, such as a
-inf mask, keeps its guards) and LayerNorm bounds the states. Two nodes fewer per layer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import onnx

__all__ = ["direct_key_transpose", "drop_nan_guard"]

_MAX = 2**63 - 1


def direct_key_transpose(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The model with every exported last-two-axes swap of a 4-d tensor done by one
    ``Transpose``, and how many it rewrote; the shape nodes left unused are dropped."""
    from onnx import helper

    graph = model.graph
    producer = {out: node for node in graph.node for out in node.output}
    constants = _int_constants(graph)
    swaps: dict[str, onnx.NodeProto] = {}  # the last Reshape's output -> its one Transpose
    for node in graph.node:
        source = _swapped(node, producer, constants)
        if source is not None:
            swaps[node.output[0]] = helper.make_node(
                "Transpose", [source], [node.output[0]], perm=[0, 1, 3, 2]
            )
    if not swaps:
        return model, 0
    nodes = [swaps.get(node.output[0], node) if node.output else node for node in graph.node]
    del graph.node[:]
    graph.node.extend(_live(nodes, {o.name for o in graph.output}))
    return model, len(swaps)


def drop_nan_guard(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The model without ``Where(IsNaN(P), 0, P)`` where ``P`` is a softmax (ONNX's, or the
    portable one's ``Div``), its readers reading ``P``; and how many it dropped."""
    graph = model.graph
    if not _constants_finite(graph):
        return model, 0
    producer = {out: node for node in graph.node for out in node.output}
    outputs = {o.name for o in graph.output}
    renamed: dict[str, str] = {}
    for node in graph.node:
        if node.op_type != "Where" or len(node.input) != 3 or node.output[0] in outputs:
            continue
        test, _, kept = node.input
        guard = producer.get(test)
        if guard is None or guard.op_type != "IsNaN" or guard.input[0] != kept:
            continue
        if _is_softmax(producer.get(kept), producer) and _is_zero(node.input[1], graph):
            renamed[node.output[0]] = kept
    if not renamed:
        return model, 0
    for node in graph.node:
        for i, name in enumerate(node.input):
            node.input[i] = renamed.get(name, name)
    nodes = _live(list(graph.node), {o.name for o in graph.output})
    del graph.node[:]
    graph.node.extend(nodes)
    return model, len(renamed)


def _is_softmax(node: onnx.NodeProto | None, producer: dict[str, onnx.NodeProto]) -> bool:
    """``Softmax``, or ``Div(Exp(z), ReduceSum(Exp(z)))`` as
    :func:`~chronomem.providers.onnx_graph.portable_softmax` writes it."""
    if node is None:
        return False
    if node.op_type == "Softmax":
        return True
    if node.op_type != "Div":
        return False
    exp, total = producer.get(node.input[0]), producer.get(node.input[1])
    return (
        exp is not None
        and exp.op_type == "Exp"
        and total is not None
        and total.op_type == "ReduceSum"
        and total.input[0] == exp.output[0]
    )


def _constants_finite(graph: onnx.GraphProto) -> bool:
    """Is every floating-point initializer of ``graph`` free of infinities and NaN?"""
    import numpy as np
    from onnx import TensorProto, numpy_helper

    floats = {TensorProto.FLOAT, TensorProto.DOUBLE, TensorProto.FLOAT16, TensorProto.BFLOAT16}
    for tensor in graph.initializer:
        if tensor.data_type in floats and not np.isfinite(numpy_helper.to_array(tensor)).all():
            return False
    return True


def _is_zero(name: str, graph: onnx.GraphProto) -> bool:
    """Is ``name`` an initializer holding a single 0?"""
    from onnx import numpy_helper

    tensor = next((i for i in graph.initializer if i.name == name), None)
    if tensor is None:
        return False
    value = numpy_helper.to_array(tensor)
    return bool(value.size == 1 and value.reshape(-1)[0] == 0)


def _swapped(
    node: onnx.NodeProto, producer: dict[str, onnx.NodeProto], constants: dict[str, list[int]]
) -> str | None:
    """The 4-d tensor X when ``node`` is ``Reshape(Transpose(Reshape(X, [-1, d2, d3]),
    [0, 2, 1]), [d0, d1, d3, d2])`` with every d read from ``Shape(X)``, else None."""
    if node.op_type != "Reshape" or _allowzero(node):
        return None
    transpose = producer.get(node.input[0])
    if transpose is None or transpose.op_type != "Transpose" or _perm(transpose) != [0, 2, 1]:
        return None
    flat = producer.get(transpose.input[0])
    if flat is None or flat.op_type != "Reshape" or _allowzero(flat):
        return None
    source = flat.input[0]
    outer = _shape_of(flat.input[1], source, producer, constants)
    final = _shape_of(node.input[1], source, producer, constants)
    if outer != ["-1", "d2", "d3"] or final != ["d0", "d1", "d3", "d2"]:
        return None
    return source


def _shape_of(
    name: str, source: str, producer: dict[str, onnx.NodeProto], constants: dict[str, list[int]]
) -> list[str] | None:
    """A shape tensor built by ``Concat`` of constants and ``Slice``s of ``Shape(source)``
    (``source`` of rank 4), as symbols: ``d0`` … ``d3`` for its dimensions, numbers as text."""
    concat = producer.get(name)
    if concat is None or concat.op_type != "Concat":
        return None
    out: list[str] = []
    for part in concat.input:
        if part in constants:
            out += [str(v) for v in constants[part]]
            continue
        dims = _sliced_dims(producer.get(part), source, producer, constants)
        if dims is None:
            return None
        out += dims
    return out


def _sliced_dims(
    node: onnx.NodeProto | None,
    source: str,
    producer: dict[str, onnx.NodeProto],
    constants: dict[str, list[int]],
) -> list[str] | None:
    """``Slice(Shape(source), [start], [end])`` on the one axis, as dimension symbols."""
    if node is None or node.op_type != "Slice" or len(node.input) != 3:
        return None
    shape = producer.get(node.input[0])
    if shape is None or shape.op_type != "Shape" or shape.input[0] != source:
        return None
    if any(a.name != "start" or a.i != 0 for a in shape.attribute):
        return None  # a Shape of only some axes
    if _rank(producer.get(source)) != 4:
        return None
    start, end = constants.get(node.input[1]), constants.get(node.input[2])
    if start is None or end is None or len(start) != 1 or len(end) != 1:
        return None
    lo, hi = (max(-_MAX, min(v, _MAX)) for v in (start[0], end[0]))
    return [f"d{i}" for i in range(4)[slice(lo, hi)]]


def _rank(node: onnx.NodeProto | None) -> int | None:
    """The rank a ``Transpose`` gives (its ``perm``'s length); None for anything else."""
    if node is None or node.op_type != "Transpose":
        return None
    perm = _perm(node)
    return len(perm) if perm else None


def _perm(node: onnx.NodeProto) -> list[int]:
    return next((list(a.ints) for a in node.attribute if a.name == "perm"), [])


def _allowzero(node: onnx.NodeProto) -> bool:
    return any(a.name == "allowzero" and a.i for a in node.attribute)


def _int_constants(graph: onnx.GraphProto) -> dict[str, list[int]]:
    """Every 1-d or scalar int64 initializer, by name."""
    from onnx import TensorProto, numpy_helper

    return {
        i.name: [int(v) for v in numpy_helper.to_array(i).reshape(-1)]
        for i in graph.initializer
        if i.data_type == TensorProto.INT64 and len(i.dims) <= 1
    }


def _live(nodes: list[onnx.NodeProto], outputs: set[str]) -> list[onnx.NodeProto]:
    """``nodes`` without those whose every output nobody reads (in order, repeatedly)."""
    while True:
        read = {name for node in nodes for name in node.input} | outputs
        kept = [node for node in nodes if any(out in read for out in node.output)]
        if len(kept) == len(nodes):
            return kept
        nodes = kept
