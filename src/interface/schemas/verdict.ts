/**
 * `meta.verdict` (issue 29): one answer to "can I buy, can I sell, who can take my money",
 * computed by src/scan/verdict/compute-verdict.ts from the scan and read alike by the
 * API, the details page and the chat. Not a field of the spec: it lives in `meta`.
 */
import { Type, type Static } from '@sinclair/typebox';

const Answer = Type.Union([Type.Literal('yes'), Type.Literal('no'), Type.Literal('unknown')]);

export const EvidenceSchema = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('finding'),
      detector: Type.String(),
      severity: Type.String(),
      file: Type.Optional(Type.String()),
      lines: Type.Optional(Type.Array(Type.Tuple([Type.Number(), Type.Number()]))),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('simulation'),
      step: Type.String({ description: 'the simulated step that shows it: sell, buy, or an owner call such as `setFee(holder, 99)`' }),
      detail: Type.String(),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('account'),
      field: Type.String({ description: 'the account field read (a Solana mint, its extensions or its metadata)' }),
      detail: Type.String({ description: 'what it holds, in words' }),
    },
    { additionalProperties: false },
  ),
]);
export type Evidence = Static<typeof EvidenceSchema>;

export const VerdictSchema = Type.Object(
  {
    canBuy: Answer,
    canSell: Answer,
    /** The banner's words: the answer first, then the worst proven owner power. */
    summary: Type.String(),
    sellAfterOwnerActions: Type.Array(
      Type.Object(
        {
          call: Type.String({ description: 'the owner call as made, e.g. `setBlacklist(holder, true)`' }),
          effect: Type.Union([Type.Literal('blocks'), Type.Literal('taxes')]),
          sellTaxAfter: Type.Union([Type.Number(), Type.Null()]),
          by: Type.String({
            description: 'who may call it: the holder kind of the owner (eoa, multisig, timelock, contract, nobody, unknown)',
          }),
          line: Type.Union([Type.Number(), Type.Null()]),
        },
        { additionalProperties: false },
      ),
      { description: 'each owner action the simulation proved to block or tax a holder’s sell' },
    ),
    delayed: Type.Array(Type.Object({ after: Type.String(), detail: Type.String() }, { additionalProperties: false }), {
      description: 'sells that pass now and fail later (time-delayed traps), when the simulation tried them',
    }),
    powerHolders: Type.Array(
      Type.Object(
        {
          power: Type.String(),
          holder: Type.String({ description: 'eoa | multisig | timelock | contract | nobody | unknown' }),
          address: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    risks: Type.Array(
      Type.Object(
        {
          id: Type.String(),
          name: Type.String(),
          answer: Answer,
          evidence: Type.Array(EvidenceSchema),
          reason: Type.Optional(Type.String({ description: 'why the answer is unknown' })),
        },
        { additionalProperties: false },
      ),
      { description: "GoPlus's 16 token-risk categories in GoPlus's order; for Solana, the token program's finding codes" },
    ),
  },
  { $id: 'Verdict', additionalProperties: false },
);
export type Verdict = Static<typeof VerdictSchema>;
