// zod (the messages' schemas) compiles fast parsers with `new Function` once it has probed that it may. Under this
// site's Content-Security-Policy it may not, and the probe itself is reported as a violation on every load. zod reads
// this object when it starts, so it is set here, by a plain script that runs before any module of the page: zod then
// parses without compiling and never probes.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
