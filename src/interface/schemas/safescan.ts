/** The Safescan answer (issue 17): the original service's shape plus `meta` with the reasons. */
import { Type, type Static } from '@sinclair/typebox';

const Iso = (description: string) => Type.String({ description });

export const NetworkAuditSchema = Type.Object({
  network: Type.String({ description: 'network symbol' }),
  suspicious: Type.Boolean({ description: 'dealt directly with a sanctioned, blacklisted, mixer, exploit or phishing address' }),
  blacklisted: Type.Boolean({ description: 'the address itself is on a sanctions list or blacklist' }),
  totalTx: Type.Integer(),
  totalInternalTx: Type.Integer(),
  firstTxDate: Iso("ISO 8601; '' without transactions"),
  latestTxDate: Iso("ISO 8601; '' without transactions"),
  seriesTx: Type.Array(Type.Object({ value: Type.Integer(), time: Iso('start of the bucket (a day, week or 30 days)') })),
  labeledTx: Type.Array(
    Type.Object({
      date: Iso('ISO 8601'),
      hash: Type.String(),
      label: Type.String({ description: "the counterparty's label" }),
      type: Type.Union([Type.Literal('in'), Type.Literal('out')], { description: 'direction seen from the screened address' }),
      annotation: Type.String({ description: "the counterparty's category and address" }),
    }),
  ),
});

const ReasonSchema = Type.Object({
  network: Type.String(),
  kind: Type.Union([Type.Literal('blacklisted'), Type.Literal('counterparty')]),
  category: Type.String(),
  label: Type.String(),
  source: Type.String(),
  address: Type.String(),
  hash: Type.Optional(Type.String()),
  date: Type.Optional(Type.String()),
  direction: Type.Optional(Type.Union([Type.Literal('in'), Type.Literal('out')])),
});

export const NetworkMetaSchema = Type.Object({
  network: Type.String(),
  status: Type.Union([Type.Literal('read'), Type.Literal('partial'), Type.Literal('failed')]),
  source: Type.Optional(Type.Union([Type.Literal('explorer'), Type.Literal('rpc')])),
  explorerUrl: Type.Optional(Type.String({ description: "the network's block explorer: transactions at {explorerUrl}/tx/{hash}" })),
  contract: Type.Optional(Type.Boolean()),
  error: Type.Optional(Type.String()),
  notes: Type.Array(Type.String()),
  durationMs: Type.Integer(),
});

export const SafescanResultSchema = Type.Object({
  ownerContracts: Type.Array(Type.String(), { description: 'contracts the address created' }),
  ownerCoinSlugs: Type.Array(Type.String(), { description: 'slugs of audited projects among those contracts' }),
  addressAudit: Type.Object({
    networks: Type.Array(NetworkAuditSchema),
    aggregation: Type.Object({
      networks: Type.Integer(),
      suspicious: Type.Boolean(),
      blacklisted: Type.Boolean(),
      totalTx: Type.Integer(),
      totalInternalTx: Type.Integer(),
      firstTxDate: Type.String(),
      latestTxDate: Type.String(),
      labeledTx: Type.Integer(),
    }),
  }),
  meta: Type.Object({
    address: Type.String(),
    reasons: Type.Array(ReasonSchema),
    networks: Type.Array(NetworkMetaSchema),
    notes: Type.Array(Type.String()),
  }),
});

export type SafescanResultBody = Static<typeof SafescanResultSchema>;
