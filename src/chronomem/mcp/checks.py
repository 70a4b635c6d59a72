"""Tool arguments are checked by the REST API's own request models, so an MCP caller gets
exactly the validation (and the messages) a REST caller gets: episode ids, text that is
not valid Unicode, the ``source_description`` size, times without a time zone or outside
the calendar once converted to UTC."""

from __future__ import annotations

import re
from typing import Any, TypeVar

from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, ValidationError

from chronomem.service.schemas import EPISODE_ID_REGEX, describe_errors

M = TypeVar("M", bound=BaseModel)
_ID = re.compile(EPISODE_ID_REGEX)


def validated(model: type[M], **fields: Any) -> M:
    """``model`` built from the fields that were given (None means "not given")."""
    given = {k: v for k, v in fields.items() if v is not None}
    try:
        return model.model_validate(given)
    except ValidationError as exc:
        raise ToolError("invalid arguments: " + describe_errors(exc.errors())) from None


def record_id(value: str, what: str) -> str:
    """An episode or fact id as REST accepts it in a path."""
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise ToolError(
            f"invalid {what} {value!r}: use 1-128 of letters, digits and . _ : - "
            "(the id a previous tool answer gave)"
        )
    return value
