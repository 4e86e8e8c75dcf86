// The state directory itself is an adapter's business: @cn/daemon/local-files (stateDirectory).
export const CN_VERSION = '0.1.0';
