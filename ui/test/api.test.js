import assert from "node:assert/strict";
import { test } from "node:test";
import { ApiError, makeApi, saveKey, savedKey } from "../src/api.js";

function fakeFetch(status, body) {
  const calls = [];
  const impl = async (url, init) => {
    calls.push({ url, init });
    return { ok: status < 400, status, statusText: "x", text: async () => JSON.stringify(body) };
  };
  return { impl, calls };
}

test("every call sends the key and builds the public route", async () => {
  const { impl, calls } = fakeFetch(200, { facts: [] });
  const api = makeApi("cmk_k", impl);
  await api.graph("demo", "2024-01-05T00:00:00.000Z", null);
  const url = new URL(calls[0].url);
  assert.equal(url.pathname, "/v1/groups/demo/graph/compact");
  assert.equal(url.searchParams.get("valid_at"), "2024-01-05T00:00:00.000Z");
  assert.equal(url.searchParams.has("known_at"), false);
  assert.equal(calls[0].init.headers.Authorization, "Bearer cmk_k");
});

test("the ask box posts the question with the chosen instants only", async () => {
  const { impl, calls } = fakeFetch(200, { context: "FACTS" });
  await makeApi("k", impl).context("g1", "Where?", null, "2024-01-01T00:00:00Z");
  assert.equal(new URL(calls[0].url).pathname, "/v1/groups/g1/context");
  assert.deepEqual(JSON.parse(calls[0].init.body), { query: "Where?", known_at: "2024-01-01T00:00:00Z" });
});

test("the entity panel asks for its facts as believed at the system time", async () => {
  const { impl, calls } = fakeFetch(200, {});
  const api = makeApi("k", impl);
  await api.entity("g1", "e/1", "2024-01-10T12:00:00.000Z");
  await api.entity("g1", "e/1", null);
  const [then, now] = calls.map((c) => new URL(c.url));
  assert.equal(then.pathname, "/v1/groups/g1/entities/e%2F1");
  assert.equal(then.searchParams.get("known_at"), "2024-01-10T12:00:00.000Z");
  assert.equal(now.searchParams.has("known_at"), false);
});

test("a refused key becomes an ApiError with the server's detail", async () => {
  const { impl } = fakeFetch(401, { detail: "unknown or revoked API key", code: "unauthorized" });
  await assert.rejects(makeApi("bad", impl).groups(), (error) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 401);
    assert.equal(error.message, "unknown or revoked API key");
    return true;
  });
});

test("group and ids are escaped in paths", async () => {
  const { impl, calls } = fakeFetch(200, {});
  await makeApi("k", impl).deleteEpisode("demo", "a/b?c");
  assert.equal(new URL(calls[0].url).pathname, "/v1/groups/demo/episodes/a%2Fb%3Fc");
  assert.equal(calls[0].init.method, "DELETE");
});

test("the key is kept in the given session storage and can be forgotten", () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) };
  saveKey("cmk_x", storage);
  assert.equal(savedKey(storage), "cmk_x");
  saveKey("", storage);
  assert.equal(savedKey(storage), "");
});
