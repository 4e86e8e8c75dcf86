#!/usr/bin/env node
import "../dist/cn.mjs";
