"""API keys (admin key only): create, list, revoke -- each within the caller's own group
patterns: a key bound to ``acme-*`` creates, sees and revokes only keys inside ``acme-*``."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException

from chronomem.service.deps import ERRORS, NOT_FOUND, AdminKey, Runtime
from chronomem.service.schemas import DeletedOut, KeyCreatedOut, KeyIn, KeyListOut
from chronomem.service.views import key_out

router = APIRouter(prefix="/v1/keys", tags=["keys"], responses=ERRORS)


@router.post("", status_code=201, response_model=KeyCreatedOut)
def create_key(body: KeyIn, key: AdminKey, runtime: Runtime) -> KeyCreatedOut:
    """Create a key bound to group patterns inside the caller's own (403 otherwise). The
    token is in this answer only."""
    made = runtime.keys.create(
        name=body.name, groups=body.groups, admin=body.admin, within=key.groups
    )
    return KeyCreatedOut(**key_out(made.key).model_dump(), token=made.token)


@router.get("", response_model=KeyListOut)
def list_keys(key: AdminKey, runtime: Runtime, include_revoked: bool = False) -> KeyListOut:
    """The keys whose group patterns lie inside the caller's."""
    found = runtime.keys.list(include_revoked=include_revoked, within=key.groups)
    return KeyListOut(keys=[key_out(k) for k in found])


@router.delete("/{key_id}", response_model=DeletedOut, responses=NOT_FOUND)
def revoke_key(key_id: str, key: AdminKey, runtime: Runtime) -> DeletedOut:
    """Revoke a key inside the caller's group patterns at once (requests with it get 401
    from now on); any other id is a 404."""
    if not runtime.keys.revoke(key_id, within=key.groups):
        raise HTTPException(404, f"no live key {key_id!r}")
    return DeletedOut(deleted=True, detail=f"key {key_id!r} revoked")
