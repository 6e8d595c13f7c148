#!/bin/sh
# For run-suite.test.ts: runs its arguments as a child and waits, without passing signals on (as
# npx does), so that the test sees whether run-suite.sh stops the server and not only its launcher.
"$@"
exit $?
