import { describeConformance } from '@skyline/engine/testing';
import { chinatown } from '@skyline/chinatown';
import { conformanceFor } from './conformance-config.js';

describeConformance(chinatown, conformanceFor(5));
