"""Memory messages: planning and sending LSC and 2D block messages."""
