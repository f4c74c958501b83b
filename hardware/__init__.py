"""Hardware: GPIO buttons and LEDs (gpiozero), serial seat pads (pyserial)."""
