"""Property-based fuzzing of the REST API from its own OpenAPI document (schemathesis):
valid and invalid requests to every operation, with an admin key (so every route is
reached past auth); no request may get a 500.

Bounded to roughly a minute on a loaded 2-core machine (``FUZZ_EXAMPLES`` per operation
and generation mode)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from chronomem.service import ServiceRuntime
from chronomem.service.app import create_app
from tests.service_helpers import make_runtime

FUZZ_EXAMPLES = 15

# the import route's body is JSONL text (docs/portable.md): send generated strings as text
schemathesis.serializer.alias("application/x-ndjson", "text/plain")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceRuntime]:
    rt = make_runtime(Path(tmp_path_factory.mktemp("fuzz")) / "memory.db")
    rt.start()
    yield rt
    rt.close()


@pytest.fixture(scope="module")
def token(runtime: ServiceRuntime) -> str:
    return runtime.keys.create(name="fuzz", groups=["*"], admin=True).token


def fuzz(operation: schemathesis.APIOperation, mode: GenerationMode, token: str) -> None:
    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=FUZZ_EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case: schemathesis.Case) -> None:
        case.call_and_validate(
            headers={"Authorization": f"Bearer {token}"}, checks=[not_a_server_error]
        )

    run()


def test_no_request_gets_a_server_error(runtime: ServiceRuntime, token: str) -> None:
    schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(runtime))
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 17
    failures = []
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            try:
                fuzz(operation, mode, token)
            except Unsatisfiable:  # no parameters to break: nothing negative to send
                assert mode is GenerationMode.NEGATIVE, operation.label
            except Exception as exc:  # collect every operation's failure, then report
                failures.append(f"{operation.label} [{mode.value}]: {exc}")
    assert not failures, "\n\n".join(failures)
