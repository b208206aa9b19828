import { allowedType } from './allowed-type.ts';
import { badConstraint } from './bad-constraint.ts';
import { constraintType } from './constraint-type.ts';
import { defaultValue } from './default-value.ts';
import { inexactNumber } from './inexact-number.ts';
import { discriminatorField } from './discriminator.ts';
import { discriminatorOverlap } from './discriminator-overlap.ts';
import { payloadShape } from './payload-shape.ts';
import { badStatus } from './bad-status.ts';
import { bidiControl } from './bidi-control.ts';
import { blockedByCycle } from './blocked-by-cycle.ts';
import { brokenLink } from './broken-link.ts';
import { diagramTooLargeCheck } from './diagram-too-large.ts';
import { duplicateEndpoint } from './duplicate-endpoint.ts';
import { duplicateFacet } from './duplicate-facet.ts';
import { emptyInventory } from './empty-inventory.ts';
import { ignoredFacet } from './ignored-facet.ts';
import { missingPage } from './missing-page.ts';
import { notAName } from './not-a-name.ts';
import { initialState } from './initial-state.ts';
import { overlappingTransition } from './overlapping-transition.ts';
import { pathParametersCheck } from './path-parameters.ts';
import { proseLimit } from './prose-limit.ts';
import { rawHtml } from './raw-html.ts';
import { reservedItemId } from './reserved-item-id.ts';
import { stateField } from './state-field.ts';
import { stateValues } from './state-values.ts';
import { statusMismatch } from './status-mismatch.ts';
import type { Check } from './types.ts';
import { unknownScope } from './unknown-scope.ts';
import { unknownState } from './unknown-state.ts';
import { unreachableState } from './unreachable-state.ts';
import { unresolvedReference } from './unresolved-reference.ts';
import { unsafeLink } from './unsafe-link.ts';
import { unusedItem } from './unused-item.ts';
import { versionDates } from './version-dates.ts';

/** Every check, in the order their diagnostics are produced. */
export const CHECKS: readonly Check[] = [
  unresolvedReference,
  blockedByCycle,
  brokenLink,
  pathParametersCheck,
  duplicateEndpoint,
  reservedItemId,
  badStatus,
  allowedType,
  defaultValue,
  inexactNumber,
  badConstraint,
  constraintType,
  discriminatorField,
  discriminatorOverlap,
  payloadShape,
  emptyInventory,
  statusMismatch,
  unknownState,
  initialState,
  unreachableState,
  overlappingTransition,
  diagramTooLargeCheck,
  stateField,
  stateValues,
  unknownScope,
  versionDates,
  proseLimit,
  rawHtml,
  bidiControl,
  unsafeLink,
  missingPage,
  notAName,
  unusedItem,
  duplicateFacet,
  ignoredFacet,
];
