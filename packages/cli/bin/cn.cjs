#!/usr/bin/env node
// CommonJS on purpose: node loads it faster than an ES module, and start-up is what a one-shot CLI costs.
require('../dist/cn.cjs');
