"""A head: softmax regression, or one hidden ReLU layer before it; numpy only.

Inference is a few matrix products. Training (:func:`fit`) is full-softmax cross-entropy
with L2, minimised by L-BFGS from a seeded start, so the same rows give the same weights.
Logits are rounded before the arg-max so that a decision flips only when two classes are
within ``LOGIT_DECIMALS`` of each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float32]
LOGIT_DECIMALS: Final = 3


@dataclass(frozen=True, slots=True)
class Head:
    """Weights of one head: ``hidden`` is ``None`` for plain softmax regression."""

    mean: Array
    scale: Array
    w_out: Array
    b_out: Array
    w_hidden: Array | None = None
    b_hidden: Array | None = None

    def logits(self, rows: Array) -> Array:
        x = (np.atleast_2d(rows) - self.mean) / self.scale
        if self.w_hidden is not None and self.b_hidden is not None:
            x = np.maximum(x @ self.w_hidden + self.b_hidden, 0.0)
        return np.round(x @ self.w_out + self.b_out, LOGIT_DECIMALS).astype(np.float32)

    def probabilities(self, rows: Array) -> Array:
        z = self.logits(rows)
        z = np.exp(z - z.max(axis=1, keepdims=True))
        return (z / z.sum(axis=1, keepdims=True)).astype(np.float32)

    def predict(self, rows: Array) -> npt.NDArray[np.int64]:
        return np.argmax(self.logits(rows), axis=1)

    def arrays(self, prefix: str) -> dict[str, Array]:
        out = {f"{prefix}.mean": self.mean, f"{prefix}.scale": self.scale}
        out |= {f"{prefix}.w_out": self.w_out, f"{prefix}.b_out": self.b_out}
        if self.w_hidden is not None and self.b_hidden is not None:
            out |= {f"{prefix}.w_hidden": self.w_hidden, f"{prefix}.b_hidden": self.b_hidden}
        return out

    @classmethod
    def from_arrays(cls, arrays: dict[str, Array], prefix: str) -> Head:
        hidden = arrays.get(f"{prefix}.w_hidden")
        return cls(
            arrays[f"{prefix}.mean"],
            arrays[f"{prefix}.scale"],
            arrays[f"{prefix}.w_out"],
            arrays[f"{prefix}.b_out"],
            hidden,
            arrays.get(f"{prefix}.b_hidden") if hidden is not None else None,
        )


@dataclass(frozen=True, slots=True)
class Recipe:
    """How a head is trained."""

    hidden: int = 0  # 0: softmax regression
    iterations: int = 100  # L-BFGS iterations over the full set
    l2: float = 1e-2  # per row, on the standardised features
    seed: int = 20
    balance: float = 0.0  # class weight = (count / max count) ** -balance


def fit(rows: Array, labels: npt.NDArray[np.int64], classes: int, recipe: Recipe) -> Head:
    """Train one head on ``rows`` (n, d) with integer ``labels`` in ``range(classes)``:
    weighted cross-entropy plus L2, minimised by L-BFGS from a seeded start (deterministic).
    scipy is needed here only, never at inference."""
    from scipy.optimize import minimize  # training time only

    rng = np.random.default_rng(recipe.seed)
    mean = rows.mean(axis=0).astype(np.float32)
    scale = (rows.std(axis=0) + 1e-2).astype(np.float32)
    x = ((rows - mean) / scale).astype(np.float32)
    counts = np.bincount(labels, minlength=classes).astype(np.float64)
    weight = np.where(counts > 0, (np.maximum(counts, 1) / counts.max()) ** -recipe.balance, 0)
    sample_w = weight[labels].astype(np.float32)
    sample_w /= sample_w.mean()
    params = _init(rng, x.shape[1], classes, recipe.hidden)
    shapes = [p.shape for p in params]

    def objective(flat: npt.NDArray[np.float64]) -> tuple[float, npt.NDArray[np.float64]]:
        ps = _unflatten(flat.astype(np.float32), shapes)
        loss, grads = _loss(ps, x, labels, sample_w, recipe.l2)
        return loss, np.concatenate([g.ravel() for g in grads]).astype(np.float64)

    flat0 = np.concatenate([p.ravel() for p in params]).astype(np.float64)
    result = minimize(objective, flat0, jac=True, method="L-BFGS-B",
                      options={"maxiter": recipe.iterations})  # fmt: skip
    params = _unflatten(result.x.astype(np.float32), shapes)
    if recipe.hidden:
        w1, b1, w2, b2 = params
        return Head(mean, scale, w2, b2, w1, b1)
    w, b = params
    return Head(mean, scale, w, b)


def _unflatten(flat: Array, shapes: list[tuple[int, ...]]) -> list[Array]:
    out, at = [], 0
    for shape in shapes:
        size = int(np.prod(shape))
        out.append(flat[at : at + size].reshape(shape))
        at += size
    return out


def _init(rng: np.random.Generator, d: int, k: int, hidden: int) -> list[Array]:
    if not hidden:
        return [np.zeros((d, k), np.float32), np.zeros(k, np.float32)]
    w1 = (rng.standard_normal((d, hidden)) * np.sqrt(2.0 / d)).astype(np.float32)
    w2 = (rng.standard_normal((hidden, k)) * np.sqrt(1.0 / hidden)).astype(np.float32)
    return [w1, np.zeros(hidden, np.float32), w2, np.zeros(k, np.float32)]


def _loss(
    params: list[Array], x: Array, y: npt.NDArray[np.int64], w: Array, l2: float
) -> tuple[float, list[Array]]:
    hidden = len(params) == 4
    h = np.maximum(x @ params[0] + params[1], 0.0) if hidden else x
    w_out, b_out = params[-2], params[-1]
    z = h @ w_out + b_out
    z = z - z.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    n = len(y)
    weights = [p for p in params if p.ndim == 2]
    loss = float(-(w * log_p[np.arange(n), y]).sum() / n)
    loss += 0.5 * l2 * sum(float((m * m).sum()) for m in weights)
    p = np.exp(log_p)
    p[np.arange(n), y] -= 1.0
    dz = (p * w[:, None] / n).astype(np.float32)
    g_out = [h.T @ dz + l2 * w_out, dz.sum(axis=0)]
    if not hidden:
        return loss, g_out
    dh = (dz @ w_out.T) * (h > 0)
    return loss, [x.T @ dh + l2 * params[0], dh.sum(axis=0), *g_out]
