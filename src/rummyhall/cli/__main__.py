"""``python -m rummyhall.cli``."""

import sys

from rummyhall.cli import main

sys.exit(main())
