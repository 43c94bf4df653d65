export { createTerminalSimulator, SIMULATOR_DEFAULT_SECRET_KEY, SIMULATED_TERMINAL_ID, type TerminalSimulator, type TerminalSimulatorOptions } from './terminal-simulator';
export { startTerminalServer, type TerminalServer } from './server';
export { outcomeForAmount, simulatedCards } from './outcome-script';
export type { DeviceTimings, PresentCard } from './device';
export { AnswerLost } from './envelope';
