"""The one table screen (`screen`) and the `GameUI` it draws games through (`gameui`)."""
