/** Set by vite.config.ts: whether this build contains the developer tool (WITH_DEVTOOL / DEVTOOL_PATH at build time). */
declare const __WITH_DEVTOOL__: boolean;
