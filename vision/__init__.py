"""Vision: frame sources, dice and card readers, calibration, synthetic scenes."""
