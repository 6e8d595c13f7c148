#!/usr/bin/env node
// The CLI lives in dist/cli.js, which a build makes. This file exists before any build, so that
// installing the workspace links the command without "Failed to create bin" warnings.
import '../dist/cli.js';
