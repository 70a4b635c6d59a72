"""Rewrite the int8 weight-only ONNX encoder so it computes the same on every x86 CPU.

Two rewrites, both in memory on every load (about half a second; nothing is written to disk):

:func:`dynamic_int8` — the weight products in 8-bit integers. The pinned all-MiniLM-L6-v2
export stores each weight matrix as int8 with one scale per output column and multiplies
``Cast(W_int8) * scale`` back to float32 before every ``MatMul``: ONNX Runtime folds that
into float32 weights, so the model runs at float32 speed. Each such product becomes ONNX's
dynamic quantization: ``DynamicQuantizeLinear`` of the activation (uint8, one scale per
call), ``MatMulInteger`` against the same weights, then one float rescale. Integer products
are exact, so every CPU gives the same numbers — provided the kernel does not saturate:
ONNX Runtime's u8×s8 kernels on AVX2 (and AVX-512 without VNNI) add pairs of products in 16
bits and clip them, which made one text's vector differ between an AVX2 and an AVX-512 VNNI
machine (cosine 0.977). :func:`signed_products_exact` asks the CPU's own kernel: where it
saturates, the weights are stored unsigned (``W + 128`` with zero point 128, the same
numbers), whose u8×u8 kernels widen to 16 bits first and are exact; where it is exact
(VNNI), the faster u8×s8 kernel stays. Both give bit-identical vectors.

:func:`portable_softmax` — attention's softmax as ``Exp`` / ``ReduceSum`` / ``Div``. ONNX
Runtime's fused softmax sums its exponentials in 8 lanes on AVX2 and 16 on AVX-512, so
past 16 tokens the two round differently (1e-7), and the 8-bit rounding of activations can
grow that into differences of 1e-2 in the vector. The plain operators sum in the same order
on every CPU. Measured with ``qemu-x86_64 -cpu Haswell`` against an AVX-512 VNNI host: see
``docs/embeddings.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import onnx
    import onnxruntime

__all__ = ["dynamic_int8", "portable_softmax", "signed_products_exact"]

_WEIGHT_ZERO = "__chronomem_weight_zero_u8"  # 128: int8 weights stored as uint8
_LAST_AXIS = "__chronomem_last_axis"


@dataclass(frozen=True, slots=True)
class _Product:
    """One ``MatMul(x, Mul(Cast(W_int8), scale))`` of the graph."""

    matmul: onnx.NodeProto
    mul: onnx.NodeProto
    cast: onnx.NodeProto
    weights: str
    scale: str


def dynamic_int8(model: onnx.ModelProto, *, signed: bool) -> tuple[onnx.ModelProto, int]:
    """The model with its int8 weight products in 8-bit integers, and how many it rewrote;
    ``signed``: keep the weights int8 (u8×s8 kernels), else store them as uint8 (u8×u8)."""
    from onnx import numpy_helper

    products = _find_products(model.graph)
    if not products:
        return model, 0
    replaced = {id(p.matmul): p for p in products}
    dropped = {id(p.mul) for p in products} | {id(p.cast) for p in products}
    quantized: dict[str, tuple[str, str, str]] = {}  # activation -> (q, scale, zero point)
    nodes: list[onnx.NodeProto] = []  # the graph's order, each product replaced in place
    for node in model.graph.node:
        if id(node) in dropped:
            continue
        product = replaced.get(id(node))
        nodes.extend(_int8_product(product, quantized, signed) if product else [node])
    del model.graph.node[:]
    model.graph.node.extend(nodes)
    if not signed:
        _store_unsigned(model.graph, {p.weights for p in products})
        model.graph.initializer.append(
            numpy_helper.from_array(np.array(128, dtype=np.uint8), _WEIGHT_ZERO)
        )
    return model, len(products)


def signed_products_exact(options: onnxruntime.SessionOptions) -> bool:
    """Are this CPU's u8×s8 products exact? One product of the rewritten shape, of all-255
    activations and all-127 weights, where a kernel that adds pairs of products in 16 bits
    (255 * 127 * 2 > 32,767) comes out at about half the true value."""
    import onnxruntime
    from onnx import TensorProto, helper, numpy_helper

    depth, width = 256, 32
    graph = helper.make_graph(
        [
            helper.make_node("Cast", ["w"], ["w_float"], to=TensorProto.FLOAT),
            helper.make_node("Mul", ["w_float", "scale"], ["w_scaled"]),
            helper.make_node("MatMul", ["x", "w_scaled"], ["y"]),
        ],
        "probe",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, depth])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4, width])],
        [
            numpy_helper.from_array(np.full((depth, width), 127, dtype=np.int8), "w"),
            numpy_helper.from_array(np.full(width, 1 / 127, dtype=np.float32), "scale"),
        ],
    )
    probe = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    probe, _ = dynamic_int8(probe, signed=True)
    session = onnxruntime.InferenceSession(
        probe.SerializeToString(), sess_options=options, providers=["CPUExecutionProvider"]
    )
    (y,) = session.run(None, {"x": np.ones((1, 4, depth), dtype=np.float32)})
    return bool(np.allclose(y, depth, rtol=1e-3))


def portable_softmax(model: onnx.ModelProto) -> tuple[onnx.ModelProto, int]:
    """The model with every last-axis ``Softmax`` written out in plain operators, and how
    many it rewrote."""
    from onnx import helper, numpy_helper

    nodes: list[onnx.NodeProto] = []
    count = 0
    for node in model.graph.node:
        axis = next((a.i for a in node.attribute if a.name == "axis"), -1)
        if node.op_type != "Softmax" or node.domain not in ("", "ai.onnx") or axis != -1:
            nodes.append(node)
            continue
        x, y = node.input[0], node.output[0]
        nodes += [
            helper.make_node("ReduceMax", [x], [f"{y}__max"], axes=[-1], keepdims=1),
            helper.make_node("Sub", [x, f"{y}__max"], [f"{y}__shifted"]),
            helper.make_node("Exp", [f"{y}__shifted"], [f"{y}__exp"]),
            helper.make_node("ReduceSum", [f"{y}__exp", _LAST_AXIS], [f"{y}__sum"], keepdims=1),
            helper.make_node("Div", [f"{y}__exp", f"{y}__sum"], [y]),
        ]
        count += 1
    if count:
        del model.graph.node[:]
        model.graph.node.extend(nodes)
        model.graph.initializer.append(numpy_helper.from_array(np.array([-1]), _LAST_AXIS))
    return model, count


def _store_unsigned(graph: onnx.GraphProto, names: set[str]) -> None:
    """Each int8 initializer of ``names`` as uint8 ``W + 128``, in place, under its name."""
    from onnx import numpy_helper

    for i, tensor in enumerate(graph.initializer):
        if tensor.name in names:
            weights = numpy_helper.to_array(tensor).astype(np.int16) + 128
            graph.initializer[i].CopyFrom(
                numpy_helper.from_array(weights.astype(np.uint8), tensor.name)
            )


def _find_products(graph: onnx.GraphProto) -> list[_Product]:
    """Every weight product whose int8 matrix and float scale are initializers used once."""
    initializers = {i.name: i for i in graph.initializer}
    producer = {out: node for node in graph.node for out in node.output}
    uses: dict[str, int] = {}
    for node in graph.node:
        for name in node.input:
            uses[name] = uses.get(name, 0) + 1
    found: list[_Product] = []
    for node in graph.node:
        if node.op_type != "MatMul":
            continue
        mul = producer.get(node.input[1])
        if mul is None or mul.op_type != "Mul" or uses.get(mul.output[0]) != 1:
            continue
        cast = producer.get(mul.input[0])
        scale = initializers.get(mul.input[1])
        if cast is None or cast.op_type != "Cast" or scale is None:
            continue
        weights = initializers.get(cast.input[0])
        if weights is None or weights.data_type != 3 or uses.get(cast.output[0]) != 1:  # INT8
            continue
        if uses.get(weights.name) != 1:
            continue  # stored unsigned below: no other reader may see it change
        if len(weights.dims) != 2 or list(scale.dims)[-1:] != [weights.dims[1]]:
            continue  # not one scale per output column
        found.append(_Product(node, mul, cast, weights.name, scale.name))
    return found


def _int8_product(
    product: _Product, quantized: dict[str, tuple[str, str, str]], signed: bool
) -> list[onnx.NodeProto]:
    """Nodes computing ``product`` in integers; an activation is quantized once for all."""
    from onnx import TensorProto, helper

    x = product.matmul.input[0]
    out = product.matmul.output[0]
    nodes: list[onnx.NodeProto] = []
    if x not in quantized:
        quantized[x] = (f"{x}__q", f"{x}__q_scale", f"{x}__q_zero")
        nodes.append(helper.make_node("DynamicQuantizeLinear", [x], list(quantized[x])))
    x_q, x_scale, x_zero = quantized[x]
    inputs = [x_q, product.weights, x_zero] + ([] if signed else [_WEIGHT_ZERO])
    nodes += [
        helper.make_node("Mul", [x_scale, product.scale], [f"{out}__scale"]),
        helper.make_node("MatMulInteger", inputs, [f"{out}__int32"]),
        helper.make_node("Cast", [f"{out}__int32"], [f"{out}__float"], to=TensorProto.FLOAT),
        helper.make_node("Mul", [f"{out}__float", f"{out}__scale"], [out]),
    ]
    return nodes
