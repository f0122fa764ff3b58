/**
 * Issue 31: the evidence schemas are the engine's shapes. The engine finding schema equals
 * the analysis `Finding` at compile time; real findings from the analysis validate against
 * it and against the scan finding schema, and a wrong field fails them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Static } from '@sinclair/typebox';
import { analyzeSources } from '../../analysis/analyze.ts';
import { SEVERITIES as ENGINE_SEVERITIES, type Finding } from '../../analysis/findings.ts';
import { TAX_ERRORS as SIMULATOR_TAX_ERRORS } from '../../simulate/simulation-types.ts';
import { SEVERITIES } from '../../shared/severities.ts';
import { TAX_ERRORS } from '../../shared/tax-errors.ts';
import { SEVERITY_ORDER } from '../../scan-view/scan-view.ts';
import { assertMatchesSchema, assertRefusesWrongFields } from '../../testing/schema-check.ts';
import {
  AnalysisDiagnosticSchema,
  CompilerInfoSchema,
  ContractSummarySchema,
  EngineFindingSchema,
  ExplorationEffectSchema,
  ScanFindingSchema,
  ScoreFactorSchema,
  UnprovenPowerSchema,
} from './scan-evidence.ts';
import type { ExplorationEffect, UnprovenPower } from '../../simulate/explore-privileged.ts';
import type { CompilerInfo } from '../../simulate/simulate-source.ts';
import type { ContractSummary } from '../../analysis/analyze.ts';
import type { Diagnostic } from '../../analysis/solidity/program.ts';
import { TaxesSchema } from './audit-layout.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
// Compile time: the schema and the engine's type are the same type (tsc fails here if either changes alone).
const engineFindingIsTheSchema: Equal<Mutable<Finding>, Static<typeof EngineFindingSchema>> = true;

/**
 * The simulation's and the analysis' shapes use viem's `0x${string}` and readonly arrays, so
 * they are not the schema's type exactly: each engine value must be one the wire accepts, and
 * both must name the same fields (a field added on one side only fails here).
 */
type DeepMutable<T> = T extends readonly unknown[]
  ? { -readonly [K in keyof T]: DeepMutable<T[K]> }
  : T extends object
    ? { -readonly [K in keyof T]: DeepMutable<T[K]> }
    : T;
type Fits<Engine, Wire> = [DeepMutable<Engine>] extends [Wire] ? (Equal<keyof Engine, keyof Wire> extends true ? true : false) : false;
const shapesFit: [
  Fits<ExplorationEffect, Static<typeof ExplorationEffectSchema>>,
  Fits<UnprovenPower, Static<typeof UnprovenPowerSchema>>,
  Fits<CompilerInfo, Static<typeof CompilerInfoSchema>>,
  Fits<ContractSummary, Static<typeof ContractSummarySchema>>,
  Fits<Diagnostic, Static<typeof AnalysisDiagnosticSchema>>,
] = [true, true, true, true, true];

const TOKEN = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Token {
    address public owner = msg.sender;
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public blacklisted;
    modifier onlyOwner() { require(msg.sender == owner, "x"); _; }
    function mint(address to, uint256 amount) external onlyOwner { balanceOf[to] += amount; }
    function setBlacklist(address who, bool on) external onlyOwner { blacklisted[who] = on; }
}
`;

describe('scan evidence schemas (issue 31)', () => {
  it('the engine finding schema is the analysis Finding type', () => {
    assert.equal(engineFindingIsTheSchema, true);
  });

  it('the exploration, compiler, contract and diagnostic schemas fit the engine types (compile time)', () => {
    assert.deepEqual(shapesFit, [true, true, true, true, true]);
  });

  it("a source's contracts and diagnostics from the analysis match their schemas", () => {
    const result = analyzeSources({ 'Token.sol': TOKEN, 'Broken.sol': 'contract {' });
    assert.ok(result.contracts.length > 0 && result.diagnostics.length > 0, 'the input has contracts and a diagnostic');
    for (const contract of result.contracts) assertMatchesSchema(ContractSummarySchema, contract);
    for (const diagnostic of result.diagnostics) assertMatchesSchema(AnalysisDiagnosticSchema, diagnostic);
    assertRefusesWrongFields(ContractSummarySchema, result.contracts[0]!, [[['kind'], 'module']]);
  });

  it('real findings of the analysis match the engine and the scan finding schemas; a wrong field fails', () => {
    const { findings } = analyzeSources({ 'Token.sol': TOKEN });
    assert.ok(findings.length > 0, 'the token has findings');
    for (const finding of findings) {
      assertMatchesSchema(EngineFindingSchema, finding);
      assertMatchesSchema(ScanFindingSchema, { ...finding, origin: 'source' });
    }
    const first = findings[0]!;
    assertRefusesWrongFields(EngineFindingSchema, first, [
      [['severity'], 'severe'],
      [['confidence'], 'certain'],
      [['ranges'], [[1]]],
      [['title'], 7],
      [['unexpected'], 'field'],
    ]);
    assertRefusesWrongFields(ScanFindingSchema, { ...first, origin: 'source' }, [
      [['severity'], 'severe'],
      [['origin'], 'guess'],
      [['detector'], undefined],
      [['ranges'], [['1', 2]]],
    ]);
  });

  it('a score factor is exactly score, factor, effect and detail', () => {
    const factor = { score: 'security', factor: 'mint', effect: -25, detail: 'the owner can mint' };
    assertMatchesSchema(ScoreFactorSchema, factor);
    assertRefusesWrongFields(ScoreFactorSchema, factor, [
      [['effect'], '-25'],
      [['reason'], 'extra'],
    ]);
  });

  it('severities and tax error codes are one list each, shared by the engine, the simulator, the schema and the page', () => {
    assert.equal(ENGINE_SEVERITIES, SEVERITIES);
    assert.equal(SEVERITY_ORDER, SEVERITIES);
    assert.equal(SIMULATOR_TAX_ERRORS, TAX_ERRORS);
    const taxes = { buyTax: 0, sellTax: 0, transferTax: 0, buyGas: 1, sellGas: 1, transferGas: 1, error: '' };
    for (const error of ['', ...TAX_ERRORS]) assertMatchesSchema(TaxesSchema, { ...taxes, error });
    assertRefusesWrongFields(TaxesSchema, taxes, [[['error'], 'SOLD_OUT']]);
  });
});
