import { islandGate } from '../../../ui/island.tsx';

/**
 * The product page's purchase parts — gallery, add-to-cart form, sticky bar — are islands
 * sharing one gate: the form changes what the gallery and the bar show, so when one loads
 * its code, all three do.
 */
export const purchaseGate = islandGate();
