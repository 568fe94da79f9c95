import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The Prometheus metrics of one server process (`GET /metrics`). */
export class Metrics {
  readonly registry = new Registry();
  readonly sockets = new Gauge({
    name: 'skyline_sockets_connected',
    help: 'Connected sockets',
    registers: [this.registry],
  });
  readonly tables = new Gauge({
    name: 'skyline_tables_live',
    help: 'Tables held in memory, by status',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });
  readonly moves = new Counter({
    name: 'skyline_moves_total',
    help: 'Moves received, by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly moveSeconds = new Histogram({
    name: 'skyline_move_duration_seconds',
    help: 'Time from receiving a move to acknowledging it (validation, storage, announcement)',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });

  readonly copies = new Counter({
    name: 'skyline_table_copies_total',
    help:
      'Tables held in memory: loaded, synced (by another process), out_of_step, caught_up (a change never told), ' +
      'evicted; and stale_write (a write refused as made on an out-of-date copy)',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
