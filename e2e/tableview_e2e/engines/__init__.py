"""The browser engines the suite drives, each behind `Engine`: Chromium, Firefox ESR, WebKitGTK."""

from .base import By, Element, Engine, EngineError
from .chromium import Chromium
from .firefox import Firefox
from .webkit import WebKit

ENGINES: dict[str, type[Engine]] = {engine.name: engine for engine in (Chromium, Firefox, WebKit)}

__all__ = ["ENGINES", "By", "Chromium", "Element", "Engine", "EngineError", "Firefox", "WebKit"]
