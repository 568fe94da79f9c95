#!/usr/bin/env node
// The installed `skyline` command: runs the compiled CLI (built by `npm ci` through the root `prepare` script).
import '../dist/main.js';
