// The page's only way to the memory: the public REST API, with the key the user typed.
// The key lives in sessionStorage: it is gone when the tab closes.

const KEY = "chronomem.key";

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

export function savedKey(storage = globalThis.sessionStorage) {
  return storage?.getItem(KEY) || "";
}

export function saveKey(key, storage = globalThis.sessionStorage) {
  if (key) storage?.setItem(KEY, key);
  else storage?.removeItem(KEY);
}

export function makeApi(key, fetchImpl = globalThis.fetch.bind(globalThis)) {
  async function call(method, path, { query, body } = {}) {
    const url = new URL(path, globalThis.location?.origin ?? "http://localhost");
    for (const [name, value] of Object.entries(query || {})) {
      if (value !== null && value !== undefined && value !== "") url.searchParams.set(name, value);
    }
    const headers = { Authorization: `Bearer ${key}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetchImpl(url.toString(), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!response.ok) {
      throw new ApiError(response.status, data?.detail || text || response.statusText);
    }
    return data;
  }
  const g = (group) => `/v1/groups/${encodeURIComponent(group)}`;
  return {
    groups: () => call("GET", "/v1/groups"),
    graph: (group, validAt, knownAt, limit) =>
      call("GET", `${g(group)}/graph/compact`, { query: { valid_at: validAt, known_at: knownAt, limit } }),
    entity: (group, id, knownAt) =>
      call("GET", `${g(group)}/entities/${encodeURIComponent(id)}`, { query: { known_at: knownAt } }),
    episodes: (group, limit = 100) => call("GET", `${g(group)}/episodes`, { query: { limit } }),
    searchEpisodes: (group, query) =>
      call("POST", `${g(group)}/search`, { body: { query, targets: ["episodes"], limit: 50 } }),
    context: (group, query, validAt, knownAt) =>
      call("POST", `${g(group)}/context`, {
        body: { query, ...(validAt ? { valid_at: validAt } : {}), ...(knownAt ? { known_at: knownAt } : {}) },
      }),
    deleteEpisode: (group, id) => call("DELETE", `${g(group)}/episodes/${encodeURIComponent(id)}`),
    status: (group) => call("GET", `${g(group)}/status`),
  };
}
