var it=Object.defineProperty;var ot=Object.getOwnPropertyDescriptor;var p=(o,t,e,s)=>{for(var r=s>1?void 0:s?ot(t,e):t,i=o.length-1,n;i>=0;i--)(n=o[i])&&(r=(s?n(t,e,r):n(r))||r);return s&&r&&it(t,e,r),r};var se=globalThis,re=se.ShadowRoot&&(se.ShadyCSS===void 0||se.ShadyCSS.nativeShadow)&&"adoptedStyleSheets"in Document.prototype&&"replace"in CSSStyleSheet.prototype,me=Symbol(),Pe=new WeakMap,K=class{constructor(t,e,s){if(this._$cssResult$=!0,s!==me)throw Error("CSSResult is not constructable. Use `unsafeCSS` or `css` instead.");this.cssText=t,this.t=e}get styleSheet(){let t=this.o,e=this.t;if(re&&t===void 0){let s=e!==void 0&&e.length===1;s&&(t=Pe.get(e)),t===void 0&&((this.o=t=new CSSStyleSheet).replaceSync(this.cssText),s&&Pe.set(e,t))}return t}toString(){return this.cssText}},Me=o=>new K(typeof o=="string"?o:o+"",void 0,me),y=(o,...t)=>{let e=o.length===1?o[0]:t.reduce((s,r,i)=>s+(n=>{if(n._$cssResult$===!0)return n.cssText;if(typeof n=="number")return n;throw Error("Value passed to 'css' function must be a 'css' function result: "+n+". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.")})(r)+o[i+1],o[0]);return new K(e,o,me)},Oe=(o,t)=>{if(re)o.adoptedStyleSheets=t.map(e=>e instanceof CSSStyleSheet?e:e.styleSheet);else for(let e of t){let s=document.createElement("style"),r=se.litNonce;r!==void 0&&s.setAttribute("nonce",r),s.textContent=e.cssText,o.appendChild(s)}},_e=re?o=>o:o=>o instanceof CSSStyleSheet?(t=>{let e="";for(let s of t.cssRules)e+=s.cssText;return Me(e)})(o):o;var{is:nt,defineProperty:at,getOwnPropertyDescriptor:lt,getOwnPropertyNames:ct,getOwnPropertySymbols:dt,getPrototypeOf:ht}=Object,ie=globalThis,Ne=ie.trustedTypes,pt=Ne?Ne.emptyScript:"",ut=ie.reactiveElementPolyfillSupport,L=(o,t)=>o,G={toAttribute(o,t){switch(t){case Boolean:o=o?pt:null;break;case Object:case Array:o=o==null?o:JSON.stringify(o)}return o},fromAttribute(o,t){let e=o;switch(t){case Boolean:e=o!==null;break;case Number:e=o===null?null:Number(o);break;case Object:case Array:try{e=JSON.parse(o)}catch{e=null}}return e}},oe=(o,t)=>!nt(o,t),Ue={attribute:!0,type:String,converter:G,reflect:!1,useDefault:!1,hasChanged:oe};Symbol.metadata??=Symbol("metadata"),ie.litPropertyMetadata??=new WeakMap;var O=class extends HTMLElement{static addInitializer(t){this._$Ei(),(this.l??=[]).push(t)}static get observedAttributes(){return this.finalize(),this._$Eh&&[...this._$Eh.keys()]}static createProperty(t,e=Ue){if(e.state&&(e.attribute=!1),this._$Ei(),this.prototype.hasOwnProperty(t)&&((e=Object.create(e)).wrapped=!0),this.elementProperties.set(t,e),!e.noAccessor){let s=Symbol(),r=this.getPropertyDescriptor(t,s,e);r!==void 0&&at(this.prototype,t,r)}}static getPropertyDescriptor(t,e,s){let{get:r,set:i}=lt(this.prototype,t)??{get(){return this[e]},set(n){this[e]=n}};return{get:r,set(n){let c=r?.call(this);i?.call(this,n),this.requestUpdate(t,c,s)},configurable:!0,enumerable:!0}}static getPropertyOptions(t){return this.elementProperties.get(t)??Ue}static _$Ei(){if(this.hasOwnProperty(L("elementProperties")))return;let t=ht(this);t.finalize(),t.l!==void 0&&(this.l=[...t.l]),this.elementProperties=new Map(t.elementProperties)}static finalize(){if(this.hasOwnProperty(L("finalized")))return;if(this.finalized=!0,this._$Ei(),this.hasOwnProperty(L("properties"))){let e=this.properties,s=[...ct(e),...dt(e)];for(let r of s)this.createProperty(r,e[r])}let t=this[Symbol.metadata];if(t!==null){let e=litPropertyMetadata.get(t);if(e!==void 0)for(let[s,r]of e)this.elementProperties.set(s,r)}this._$Eh=new Map;for(let[e,s]of this.elementProperties){let r=this._$Eu(e,s);r!==void 0&&this._$Eh.set(r,e)}this.elementStyles=this.finalizeStyles(this.styles)}static finalizeStyles(t){let e=[];if(Array.isArray(t)){let s=new Set(t.flat(1/0).reverse());for(let r of s)e.unshift(_e(r))}else t!==void 0&&e.push(_e(t));return e}static _$Eu(t,e){let s=e.attribute;return s===!1?void 0:typeof s=="string"?s:typeof t=="string"?t.toLowerCase():void 0}constructor(){super(),this._$Ep=void 0,this.isUpdatePending=!1,this.hasUpdated=!1,this._$Em=null,this._$Ev()}_$Ev(){this._$ES=new Promise(t=>this.enableUpdating=t),this._$AL=new Map,this._$E_(),this.requestUpdate(),this.constructor.l?.forEach(t=>t(this))}addController(t){(this._$EO??=new Set).add(t),this.renderRoot!==void 0&&this.isConnected&&t.hostConnected?.()}removeController(t){this._$EO?.delete(t)}_$E_(){let t=new Map,e=this.constructor.elementProperties;for(let s of e.keys())this.hasOwnProperty(s)&&(t.set(s,this[s]),delete this[s]);t.size>0&&(this._$Ep=t)}createRenderRoot(){let t=this.shadowRoot??this.attachShadow(this.constructor.shadowRootOptions);return Oe(t,this.constructor.elementStyles),t}connectedCallback(){this.renderRoot??=this.createRenderRoot(),this.enableUpdating(!0),this._$EO?.forEach(t=>t.hostConnected?.())}enableUpdating(t){}disconnectedCallback(){this._$EO?.forEach(t=>t.hostDisconnected?.())}attributeChangedCallback(t,e,s){this._$AK(t,s)}_$ET(t,e){let s=this.constructor.elementProperties.get(t),r=this.constructor._$Eu(t,s);if(r!==void 0&&s.reflect===!0){let i=(s.converter?.toAttribute!==void 0?s.converter:G).toAttribute(e,s.type);this._$Em=t,i==null?this.removeAttribute(r):this.setAttribute(r,i),this._$Em=null}}_$AK(t,e){let s=this.constructor,r=s._$Eh.get(t);if(r!==void 0&&this._$Em!==r){let i=s.getPropertyOptions(r),n=typeof i.converter=="function"?{fromAttribute:i.converter}:i.converter?.fromAttribute!==void 0?i.converter:G;this._$Em=r;let c=n.fromAttribute(e,i.type);this[r]=c??this._$Ej?.get(r)??c,this._$Em=null}}requestUpdate(t,e,s,r=!1,i){if(t!==void 0){let n=this.constructor;if(r===!1&&(i=this[t]),s??=n.getPropertyOptions(t),!((s.hasChanged??oe)(i,e)||s.useDefault&&s.reflect&&i===this._$Ej?.get(t)&&!this.hasAttribute(n._$Eu(t,s))))return;this.C(t,e,s)}this.isUpdatePending===!1&&(this._$ES=this._$EP())}C(t,e,{useDefault:s,reflect:r,wrapped:i},n){s&&!(this._$Ej??=new Map).has(t)&&(this._$Ej.set(t,n??e??this[t]),i!==!0||n!==void 0)||(this._$AL.has(t)||(this.hasUpdated||s||(e=void 0),this._$AL.set(t,e)),r===!0&&this._$Em!==t&&(this._$Eq??=new Set).add(t))}async _$EP(){this.isUpdatePending=!0;try{await this._$ES}catch(e){Promise.reject(e)}let t=this.scheduleUpdate();return t!=null&&await t,!this.isUpdatePending}scheduleUpdate(){return this.performUpdate()}performUpdate(){if(!this.isUpdatePending)return;if(!this.hasUpdated){if(this.renderRoot??=this.createRenderRoot(),this._$Ep){for(let[r,i]of this._$Ep)this[r]=i;this._$Ep=void 0}let s=this.constructor.elementProperties;if(s.size>0)for(let[r,i]of s){let{wrapped:n}=i,c=this[r];n!==!0||this._$AL.has(r)||c===void 0||this.C(r,void 0,i,c)}}let t=!1,e=this._$AL;try{t=this.shouldUpdate(e),t?(this.willUpdate(e),this._$EO?.forEach(s=>s.hostUpdate?.()),this.update(e)):this._$EM()}catch(s){throw t=!1,this._$EM(),s}t&&this._$AE(e)}willUpdate(t){}_$AE(t){this._$EO?.forEach(e=>e.hostUpdated?.()),this.hasUpdated||(this.hasUpdated=!0,this.firstUpdated(t)),this.updated(t)}_$EM(){this._$AL=new Map,this.isUpdatePending=!1}get updateComplete(){return this.getUpdateComplete()}getUpdateComplete(){return this._$ES}shouldUpdate(t){return!0}update(t){this._$Eq&&=this._$Eq.forEach(e=>this._$ET(e,this[e])),this._$EM()}updated(t){}firstUpdated(t){}};O.elementStyles=[],O.shadowRootOptions={mode:"open"},O[L("elementProperties")]=new Map,O[L("finalized")]=new Map,ut?.({ReactiveElement:O}),(ie.reactiveElementVersions??=[]).push("2.1.2");var xe=globalThis,je=o=>o,ne=xe.trustedTypes,De=ne?ne.createPolicy("lit-html",{createHTML:o=>o}):void 0,He="$lit$",D=`lit$${Math.random().toFixed(9).slice(2)}$`,Fe="?"+D,mt=`<${Fe}>`,q=document,X=()=>q.createComment(""),Z=o=>o===null||typeof o!="object"&&typeof o!="function",we=Array.isArray,_t=o=>we(o)||typeof o?.[Symbol.iterator]=="function",ge=`[ 	
\f\r]`,V=/<(?:(!--|\/[^a-zA-Z])|(\/?[a-zA-Z][^>\s]*)|(\/?$))/g,ze=/-->/g,Ie=/>/g,I=RegExp(`>|${ge}(?:([^\\s"'>=/]+)(${ge}*=${ge}*(?:[^ 	
\f\r"'\`<>=]|("|')|))|$)`,"g"),Je=/'/g,qe=/"/g,Be=/^(?:script|style|textarea|title)$/i,Ae=o=>(t,...e)=>({_$litType$:o,strings:t,values:e}),l=Ae(1),Ut=Ae(2),jt=Ae(3),W=Symbol.for("lit-noChange"),d=Symbol.for("lit-nothing"),We=new WeakMap,J=q.createTreeWalker(q,129);function Ke(o,t){if(!we(o)||!o.hasOwnProperty("raw"))throw Error("invalid template strings array");return De!==void 0?De.createHTML(t):t}var gt=(o,t)=>{let e=o.length-1,s=[],r,i=t===2?"<svg>":t===3?"<math>":"",n=V;for(let c=0;c<e;c++){let h=o[c],u,f,v=-1,M=0;for(;M<h.length&&(n.lastIndex=M,f=n.exec(h),f!==null);)M=n.lastIndex,n===V?f[1]==="!--"?n=ze:f[1]!==void 0?n=Ie:f[2]!==void 0?(Be.test(f[2])&&(r=RegExp("</"+f[2],"g")),n=I):f[3]!==void 0&&(n=I):n===I?f[0]===">"?(n=r??V,v=-1):f[1]===void 0?v=-2:(v=n.lastIndex-f[2].length,u=f[1],n=f[3]===void 0?I:f[3]==='"'?qe:Je):n===qe||n===Je?n=I:n===ze||n===Ie?n=V:(n=I,r=void 0);let j=n===I&&o[c+1].startsWith("/>")?" ":"";i+=n===V?h+mt:v>=0?(s.push(u),h.slice(0,v)+He+h.slice(v)+D+j):h+D+(v===-2?c:j)}return[Ke(o,i+(o[e]||"<?>")+(t===2?"</svg>":t===3?"</math>":"")),s]},Y=class o{constructor({strings:t,_$litType$:e},s){let r;this.parts=[];let i=0,n=0,c=t.length-1,h=this.parts,[u,f]=gt(t,e);if(this.el=o.createElement(u,s),J.currentNode=this.el.content,e===2||e===3){let v=this.el.content.firstChild;v.replaceWith(...v.childNodes)}for(;(r=J.nextNode())!==null&&h.length<c;){if(r.nodeType===1){if(r.hasAttributes())for(let v of r.getAttributeNames())if(v.endsWith(He)){let M=f[n++],j=r.getAttribute(v).split(D),te=/([.?@])?(.*)/.exec(M);h.push({type:1,index:i,name:te[2],strings:j,ctor:te[1]==="."?ve:te[1]==="?"?be:te[1]==="@"?$e:B}),r.removeAttribute(v)}else v.startsWith(D)&&(h.push({type:6,index:i}),r.removeAttribute(v));if(Be.test(r.tagName)){let v=r.textContent.split(D),M=v.length-1;if(M>0){r.textContent=ne?ne.emptyScript:"";for(let j=0;j<M;j++)r.append(v[j],X()),J.nextNode(),h.push({type:2,index:++i});r.append(v[M],X())}}}else if(r.nodeType===8)if(r.data===Fe)h.push({type:2,index:i});else{let v=-1;for(;(v=r.data.indexOf(D,v+1))!==-1;)h.push({type:7,index:i}),v+=D.length-1}i++}}static createElement(t,e){let s=q.createElement("template");return s.innerHTML=t,s}};function F(o,t,e=o,s){if(t===W)return t;let r=s!==void 0?e._$Co?.[s]:e._$Cl,i=Z(t)?void 0:t._$litDirective$;return r?.constructor!==i&&(r?._$AO?.(!1),i===void 0?r=void 0:(r=new i(o),r._$AT(o,e,s)),s!==void 0?(e._$Co??=[])[s]=r:e._$Cl=r),r!==void 0&&(t=F(o,r._$AS(o,t.values),r,s)),t}var fe=class{constructor(t,e){this._$AV=[],this._$AN=void 0,this._$AD=t,this._$AM=e}get parentNode(){return this._$AM.parentNode}get _$AU(){return this._$AM._$AU}u(t){let{el:{content:e},parts:s}=this._$AD,r=(t?.creationScope??q).importNode(e,!0);J.currentNode=r;let i=J.nextNode(),n=0,c=0,h=s[0];for(;h!==void 0;){if(n===h.index){let u;h.type===2?u=new Q(i,i.nextSibling,this,t):h.type===1?u=new h.ctor(i,h.name,h.strings,this,t):h.type===6&&(u=new ye(i,this,t)),this._$AV.push(u),h=s[++c]}n!==h?.index&&(i=J.nextNode(),n++)}return J.currentNode=q,r}p(t){let e=0;for(let s of this._$AV)s!==void 0&&(s.strings!==void 0?(s._$AI(t,s,e),e+=s.strings.length-2):s._$AI(t[e])),e++}},Q=class o{get _$AU(){return this._$AM?._$AU??this._$Cv}constructor(t,e,s,r){this.type=2,this._$AH=d,this._$AN=void 0,this._$AA=t,this._$AB=e,this._$AM=s,this.options=r,this._$Cv=r?.isConnected??!0}get parentNode(){let t=this._$AA.parentNode,e=this._$AM;return e!==void 0&&t?.nodeType===11&&(t=e.parentNode),t}get startNode(){return this._$AA}get endNode(){return this._$AB}_$AI(t,e=this){t=F(this,t,e),Z(t)?t===d||t==null||t===""?(this._$AH!==d&&this._$AR(),this._$AH=d):t!==this._$AH&&t!==W&&this._(t):t._$litType$!==void 0?this.$(t):t.nodeType!==void 0?this.T(t):_t(t)?this.k(t):this._(t)}O(t){return this._$AA.parentNode.insertBefore(t,this._$AB)}T(t){this._$AH!==t&&(this._$AR(),this._$AH=this.O(t))}_(t){this._$AH!==d&&Z(this._$AH)?this._$AA.nextSibling.data=t:this.T(q.createTextNode(t)),this._$AH=t}$(t){let{values:e,_$litType$:s}=t,r=typeof s=="number"?this._$AC(t):(s.el===void 0&&(s.el=Y.createElement(Ke(s.h,s.h[0]),this.options)),s);if(this._$AH?._$AD===r)this._$AH.p(e);else{let i=new fe(r,this),n=i.u(this.options);i.p(e),this.T(n),this._$AH=i}}_$AC(t){let e=We.get(t.strings);return e===void 0&&We.set(t.strings,e=new Y(t)),e}k(t){we(this._$AH)||(this._$AH=[],this._$AR());let e=this._$AH,s,r=0;for(let i of t)r===e.length?e.push(s=new o(this.O(X()),this.O(X()),this,this.options)):s=e[r],s._$AI(i),r++;r<e.length&&(this._$AR(s&&s._$AB.nextSibling,r),e.length=r)}_$AR(t=this._$AA.nextSibling,e){for(this._$AP?.(!1,!0,e);t!==this._$AB;){let s=je(t).nextSibling;je(t).remove(),t=s}}setConnected(t){this._$AM===void 0&&(this._$Cv=t,this._$AP?.(t))}},B=class{get tagName(){return this.element.tagName}get _$AU(){return this._$AM._$AU}constructor(t,e,s,r,i){this.type=1,this._$AH=d,this._$AN=void 0,this.element=t,this.name=e,this._$AM=r,this.options=i,s.length>2||s[0]!==""||s[1]!==""?(this._$AH=Array(s.length-1).fill(new String),this.strings=s):this._$AH=d}_$AI(t,e=this,s,r){let i=this.strings,n=!1;if(i===void 0)t=F(this,t,e,0),n=!Z(t)||t!==this._$AH&&t!==W,n&&(this._$AH=t);else{let c=t,h,u;for(t=i[0],h=0;h<i.length-1;h++)u=F(this,c[s+h],e,h),u===W&&(u=this._$AH[h]),n||=!Z(u)||u!==this._$AH[h],u===d?t=d:t!==d&&(t+=(u??"")+i[h+1]),this._$AH[h]=u}n&&!r&&this.j(t)}j(t){t===d?this.element.removeAttribute(this.name):this.element.setAttribute(this.name,t??"")}},ve=class extends B{constructor(){super(...arguments),this.type=3}j(t){this.element[this.name]=t===d?void 0:t}},be=class extends B{constructor(){super(...arguments),this.type=4}j(t){this.element.toggleAttribute(this.name,!!t&&t!==d)}},$e=class extends B{constructor(t,e,s,r,i){super(t,e,s,r,i),this.type=5}_$AI(t,e=this){if((t=F(this,t,e,0)??d)===W)return;let s=this._$AH,r=t===d&&s!==d||t.capture!==s.capture||t.once!==s.once||t.passive!==s.passive,i=t!==d&&(s===d||r);r&&this.element.removeEventListener(this.name,this,s),i&&this.element.addEventListener(this.name,this,t),this._$AH=t}handleEvent(t){typeof this._$AH=="function"?this._$AH.call(this.options?.host??this.element,t):this._$AH.handleEvent(t)}},ye=class{constructor(t,e,s){this.element=t,this.type=6,this._$AN=void 0,this._$AM=e,this.options=s}get _$AU(){return this._$AM._$AU}_$AI(t){F(this,t)}};var ft=xe.litHtmlPolyfillSupport;ft?.(Y,Q),(xe.litHtmlVersions??=[]).push("3.3.3");var Le=(o,t,e)=>{let s=e?.renderBefore??t,r=s._$litPart$;if(r===void 0){let i=e?.renderBefore??null;s._$litPart$=r=new Q(t.insertBefore(X(),i),i,void 0,e??{})}return r._$AI(o),r};var Ee=globalThis,b=class extends O{constructor(){super(...arguments),this.renderOptions={host:this},this._$Do=void 0}createRenderRoot(){let t=super.createRenderRoot();return this.renderOptions.renderBefore??=t.firstChild,t}update(t){let e=this.render();this.hasUpdated||(this.renderOptions.isConnected=this.isConnected),super.update(t),this._$Do=Le(e,this.renderRoot,this.renderOptions)}connectedCallback(){super.connectedCallback(),this._$Do?.setConnected(!0)}disconnectedCallback(){super.disconnectedCallback(),this._$Do?.setConnected(!1)}render(){return W}};b._$litElement$=!0,b.finalized=!0,Ee.litElementHydrateSupport?.({LitElement:b});var vt=Ee.litElementPolyfillSupport;vt?.({LitElement:b});(Ee.litElementVersions??=[]).push("4.2.2");var x=o=>(t,e)=>{e!==void 0?e.addInitializer(()=>{customElements.define(o,t)}):customElements.define(o,t)};var bt={attribute:!0,type:String,converter:G,reflect:!1,hasChanged:oe},$t=(o=bt,t,e)=>{let{kind:s,metadata:r}=e,i=globalThis.litPropertyMetadata.get(r);if(i===void 0&&globalThis.litPropertyMetadata.set(r,i=new Map),s==="setter"&&((o=Object.create(o)).wrapped=!0),i.set(e.name,o),s==="accessor"){let{name:n}=e;return{set(c){let h=t.get.call(this);t.set.call(this,c),this.requestUpdate(n,h,o,!0,c)},init(c){return c!==void 0&&this.C(n,void 0,o,c),c}}}if(s==="setter"){let{name:n}=e;return function(c){let h=this[n];t.call(this,c),this.requestUpdate(n,h,o,!0,c)}}throw Error("Unsupported decorator location: "+s)};function g(o){return(t,e)=>typeof e=="object"?$t(o,t,e):((s,r,i)=>{let n=r.hasOwnProperty(i);return r.constructor.createProperty(i,s),n?Object.getOwnPropertyDescriptor(r,i):void 0})(o,t,e)}function m(o){return g({...o,state:!0,attribute:!1})}var H=(o,t,e)=>(e.configurable=!0,e.enumerable=!0,Reflect.decorate&&typeof t!="object"&&Object.defineProperty(o,t,e),e);function Ge(o,t){return(e,s,r)=>{let i=n=>n.renderRoot?.querySelector(o)??null;if(t){let{get:n,set:c}=typeof s=="object"?e:r??(()=>{let h=Symbol();return{get(){return this[h]},set(u){this[h]=u}}})();return H(e,s,{get(){let h=n.call(this);return h===void 0&&(h=i(this),(h!==null||this.hasUpdated)&&c.call(this,h)),h}})}return H(e,s,{get(){return i(this)}})}}var Xe="config_panel",ae="llm_hub",ke=`component.${ae}.${Xe}.`,yt="tabs.hubs",Ve,Se;function Ze(o){return!!o.localize(ke+yt)}async function Ye(o){if(Se?.language!==o.language){let t=Promise.all([o.loadBackendTranslation(Xe,ae),o.loadBackendTranslation("options",ae)]);Se={language:o.language,loading:t}}await Se.loading}function a(o,t,e={}){let s={};for(let[i,n]of Object.entries(e))s[i]=typeof n=="number"?_(o,n):n;let r=o.localize(ke+t,s);return r?(Ve=o.localize,r):Ve?.(ke+t,s)||t}function ee(o,t){return o.localize(`component.${ae}.options.step.init.menu_options.${t}`)||t}function N(o,t,e){let s={},r={};for(let[n,c]of Object.entries(e))typeof c=="object"?(r[n]=c,s[n]=`${n}`):s[n]=c;let i=a(o,t,s).split("");return l`${i.map((n,c)=>c%2?r[n]??n:n)}`}function xt(o){switch(o.locale?.number_format){case"comma_decimal":return["en-US","en"];case"decimal_comma":return["de","es","it"];case"space_comma":return["fr","sv","cs"];case"system":return;default:return o.locale?.language??o.language}}function _(o,t){if(t==null)return"–";let e=o.locale?.number_format==="none"?{useGrouping:!1}:{};return new Intl.NumberFormat(xt(o),e).format(t)}function Qe(o){let t=o.locale?.time_format,e={};return(t==="12"||t==="24")&&(e.hour12=t==="12"),o.locale?.time_zone==="server"&&o.config?.time_zone&&(e.timeZone=o.config.time_zone),e}function et(o){return o.locale?.language??o.language}function le(o,t){return new Date(t).toLocaleString(et(o),{dateStyle:"medium",timeStyle:"medium",...Qe(o)})}function tt(o,t){return new Date(t).toLocaleTimeString(et(o),{timeStyle:"medium",...Qe(o)})}function Te(o){history.pushState(null,"",o),window.dispatchEvent(new CustomEvent("location-changed",{detail:{replace:!1}}))}function R(o){o.stopPropagation(),!(o.ctrlKey||o.metaKey||o.shiftKey||o.button!==0)&&(o.preventDefault(),Te(o.currentTarget.getAttribute("href")))}function ce(o,t){return t==="llm_hub"?a(o,"platform.bench"):t==="mcp_server"?"MCP Server":t}function de(o,t,e){return e?e===o.user?.id?a(o,"common.you",{name:o.user.name}):t.find(s=>s.id===e)?.name??e:"–"}function he(o,t){return t?t.mode==="search"?a(o,"mode.search"):t.mode==="search_over_limit"?a(o,t.active?"mode.over_limit_searching":"mode.over_limit_all"):a(o,"mode.all"):"–"}function z(o){let t=o.split(/(?<=[_.])(?![_.])/);return l`${t.map((e,s)=>l`${s?l`<wbr />`:d}${e}`)}`}function st(o,t){if(!t)return[];let e=(r,i)=>l`<span class="badge ${r}">${a(o,`annotation.${i}`)}</span>`,s=[];return t.read_only?s.push(e("info","read_only")):(t.destructive&&s.push(e("error","destructive")),t.idempotent&&s.push(e("","idempotent"))),t.open_world&&s.push(e("warning","open_world")),s}function Ce(o,t){let e=a(o,`outcome.${t}`);return e===`outcome.${t}`?t.replace("_"," "):e}function pe(o,t){return l`<span class="badge ${t==="ok"?"success":t==="needs_confirmation"?"warning":"error"}">${Ce(o,t)}</span>`}var w=y`
  :host {
    display: block;
    color: var(--primary-text-color);
    font-family: var(--ha-font-family-body, Roboto, Noto, sans-serif);
    font-size: 14px;
  }
  a {
    color: var(--primary-color);
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  .card {
    background: var(--ha-card-background, var(--card-background-color, #fff));
    border-radius: var(--ha-card-border-radius, 12px);
    border: var(--ha-card-border-width, 1px) solid var(--ha-card-border-color, var(--divider-color, #e0e0e0));
    box-shadow: var(--ha-card-box-shadow, none);
    padding: 16px;
    margin-bottom: 16px;
  }
  .card h2 {
    margin: 0 0 12px;
    font-size: 20px;
    font-weight: 400;
  }
  .secondary {
    color: var(--secondary-text-color);
  }
  .table-wrap {
    overflow-x: auto;
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  td code {
    overflow-wrap: break-word;
  }
  th,
  td {
    text-align: left;
    padding: 8px;
    border-bottom: 1px solid var(--divider-color);
    vertical-align: top;
  }
  th {
    font-weight: 500;
    color: var(--secondary-text-color);
    white-space: nowrap;
  }
  td.number,
  th.number {
    text-align: right;
    white-space: nowrap;
  }
  tr.clickable {
    cursor: pointer;
  }
  tr.clickable:hover,
  tr.open {
    background: var(--secondary-background-color);
  }
  tr.hidden-tool td {
    color: var(--secondary-text-color);
  }
  .badge {
    display: inline-block;
    padding: 1px 8px;
    margin: 1px 4px 1px 0;
    border-radius: 10px;
    font-size: 12px;
    line-height: 18px;
    white-space: nowrap;
    border: 1px solid var(--divider-color);
    color: var(--primary-text-color);
  }
  .badge.info {
    border-color: var(--info-color, #039be5);
    color: var(--info-color, #039be5);
  }
  .badge.success {
    border-color: var(--success-color, #43a047);
    color: var(--success-color, #43a047);
  }
  .badge.warning {
    border-color: var(--warning-color, #ffa600);
    color: var(--warning-color, #ffa600);
  }
  .badge.error {
    border-color: var(--error-color, #db4437);
    color: var(--error-color, #db4437);
  }
  .alert {
    padding: 8px 12px;
    border-radius: 8px;
    border-left: 4px solid var(--warning-color, #ffa600);
    background: var(--secondary-background-color);
    margin-bottom: 12px;
  }
  .alert.error {
    border-left-color: var(--error-color, #db4437);
  }
  pre,
  code {
    font-family: var(--ha-font-family-code, var(--code-font-family, monospace));
    font-size: 12px;
  }
  pre {
    background: var(--secondary-background-color);
    color: var(--primary-text-color);
    padding: 8px 12px;
    border-radius: 8px;
    overflow: auto;
    white-space: pre-wrap;
    word-break: break-word;
    margin: 4px 0 8px;
  }
  input,
  select,
  textarea,
  button {
    font: inherit;
    color: var(--primary-text-color);
    background: var(--card-background-color, var(--primary-background-color));
    border: 1px solid var(--divider-color);
    border-radius: 6px;
    padding: 6px 8px;
  }
  textarea {
    width: 100%;
    box-sizing: border-box;
    min-height: 80px;
  }
  button {
    cursor: pointer;
  }
  button.primary {
    background: var(--primary-color);
    color: var(--text-primary-color, #fff);
    border-color: var(--primary-color);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    margin-bottom: 12px;
  }
  .grow {
    flex: 1;
  }
  .figures {
    display: flex;
    flex-wrap: wrap;
    gap: 24px;
    margin-bottom: 8px;
  }
  .figure .value {
    font-size: 22px;
  }
  .figure .label {
    color: var(--secondary-text-color);
    font-size: 12px;
  }
`;var C=class{constructor(t){this._host=t;this._start=performance.now()}restart(){this._start=performance.now(),delete this._host.dataset.renderMs}async done(){await this._host.updateComplete,await new Promise(t=>requestAnimationFrame(()=>setTimeout(t))),this._host.dataset.renderMs=(performance.now()-this._start).toFixed(0)}};function A(o){if(o&&typeof o=="object"&&"message"in o){let{code:t,message:e}=o;return t?`${t}: ${e}`:String(e)}return String(o)}var wt=["ok","error","refused","needs_confirmation"],T=class extends b{constructor(){super(...arguments);this.users=[];this._hub="";this._tool="";this._user="";this._outcome="";this._timer=new C(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let s=this._calls===void 0;this._calls=[...e.calls.reverse(),...this._calls??[]].slice(0,500),s&&this._timer.done()},{type:"llm_hub/activity/subscribe"}),this._unsubscribe.catch(e=>{this._error=A(e)})}disconnectedCallback(){super.disconnectedCallback(),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._calls=void 0}_userName(e){return de(this.hass,this.users,e)}render(){let e=this.hass;if(this._error)return l`<div class="alert error">${this._error}</div>`;if(!this._calls)return l`<div class="secondary">${a(e,"common.loading")}</div>`;let s=this._calls,r=[...new Map(s.map(u=>[u.api_id,u.api_name])).entries()],i=[...new Set(s.map(u=>u.user_id??""))],n=this._tool.trim().toLowerCase(),c=s.filter(u=>(!this._hub||u.api_id===this._hub)&&(!this._user||(u.user_id??"")===this._user)&&(!this._outcome||u.outcome===this._outcome)&&(!n||u.tool_name.toLowerCase().includes(n)||u.original_tool_name.toLowerCase().includes(n))),h=u=>f=>{this[u]=f.target.value};return l`<div class="card">
      <h2>${a(e,"tabs.activity")}</h2>
      <div class="toolbar">
        <select name="hub" @change=${h("_hub")}>
          <option value="">${a(e,"activity.all_hubs")}</option>
          ${r.map(([u,f])=>l`<option value=${u}>${f}</option>`)}
        </select>
        <input
          name="tool"
          type="search"
          placeholder=${a(e,"activity.tool")}
          .value=${this._tool}
          @input=${u=>this._tool=u.target.value}
        />
        <select name="user" @change=${h("_user")}>
          <option value="">${a(e,"activity.all_users")}</option>
          ${i.map(u=>l`<option value=${u}>${this._userName(u||null)}</option>`)}
        </select>
        <select name="outcome" @change=${h("_outcome")}>
          <option value="">${a(e,"activity.all_outcomes")}</option>
          ${wt.map(u=>l`<option value=${u}>${Ce(e,u)}</option>`)}
        </select>
        <span class="grow"></span>
        <span class="secondary live">● ${a(e,"common.live")}</span>
      </div>
      ${c.length===0?l`<p class="secondary">
            ${a(e,s.length?"activity.no_match":"activity.none")}
          </p>`:l`<div class="table-wrap"><table>
            <thead>
              <tr>
                <th>${a(e,"activity.col_time")}</th>
                <th>${a(e,"activity.col_hub")}</th>
                <th>${a(e,"activity.tool")}</th>
                <th>${a(e,"activity.col_user")}</th>
                <th>${a(e,"activity.col_from")}</th>
                <th>${a(e,"activity.col_outcome")}</th>
                <th class="number">${a(e,"activity.col_duration")}</th>
              </tr>
            </thead>
            <tbody>
              ${c.map(u=>this._row(u))}
            </tbody>
          </table></div>`}
    </div>`}_row(e){let s=this.hass;return l`<tr data-call=${e.tool_call_id}>
      <td class="time">${le(s,e.time)}</td>
      <td>${e.api_name}</td>
      <td>
        <code>${z(e.tool_name)}</code>
        ${e.original_tool_name!==e.tool_name?l`<div class="secondary"><code>${z(e.original_tool_name)}</code></div>`:d}
        ${e.arguments?l`<pre class="arguments">${JSON.stringify(e.arguments)}</pre>`:d}
        ${e.error?l`<div class="error-text">${e.error}</div>`:d}
      </td>
      <td>${this._userName(e.user_id)}</td>
      <td>${e.agent_id??ce(s,e.platform)}</td>
      <td>${pe(s,e.outcome)}</td>
      <td class="number">${a(s,"common.ms",{ms:_(s,e.duration_ms)})}</td>
    </tr>`}};T.styles=[w,y`
      .live {
        color: var(--success-color, #43a047);
      }
      .time {
        white-space: nowrap;
      }
      .arguments {
        margin: 4px 0 0;
        padding: 2px 6px;
      }
      .error-text {
        color: var(--error-color);
        font-size: 12px;
      }
    `],p([g({attribute:!1})],T.prototype,"hass",2),p([g({attribute:!1})],T.prototype,"users",2),p([m()],T.prototype,"_calls",2),p([m()],T.prototype,"_error",2),p([m()],T.prototype,"_hub",2),p([m()],T.prototype,"_tool",2),p([m()],T.prototype,"_user",2),p([m()],T.prototype,"_outcome",2),T=p([x("llm-hub-activity")],T);var At={pending:"warning",approved:"success",used:"success",denied:"error",expired:""};function Et(o,t){let e=Math.max(0,Math.round((Date.parse(o)-t)/1e3)),[s,r,i]=[Math.floor(e/3600),Math.floor(e/60)%60,e%60],n=c=>String(c).padStart(2,"0");return s?`${s}:${n(r)}:${n(i)}`:`${r}:${n(i)}`}var E=class extends b{constructor(){super(...arguments);this.users=[];this.prefix="/llm_hub";this.hubLinks=!0;this._busy=new Set;this._failed=new Map;this._now=Date.now();this._timer=new C(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._unsubscribe=this.hass.connection.subscribeMessage(e=>{let s=this._approvals===void 0;this._approvals=e.approvals,s&&this._timer.done()},{type:"llm_hub/approvals/subscribe"}),this._unsubscribe.catch(e=>{this._error=A(e)}),this._tick=window.setInterval(()=>{this._approvals?.some(e=>e.status==="pending"||e.status==="approved")&&(this._now=Date.now())},1e3)}disconnectedCallback(){super.disconnectedCallback(),window.clearInterval(this._tick),this._unsubscribe?.then(e=>e()).catch(()=>{}),this._unsubscribe=void 0,this._approvals=void 0}async _decide(e,s){let r=e.approval_id;this._busy=new Set(this._busy).add(r);let i=new Map(this._failed);i.delete(r);try{await this.hass.callWS({type:s?"llm_hub/approvals/approve":"llm_hub/approvals/deny",approval_id:r})}catch(c){i.set(r,A(c))}this._failed=i;let n=new Set(this._busy);n.delete(r),this._busy=n}_who(e){return e?de(this.hass,this.users,e):a(this.hass,"approvals.no_user")}_clock(e){return tt(this.hass,e)}render(){let e=this.hass;if(this._error)return l`<div class="alert error">${this._error}</div>`;if(!this._approvals)return l`<div class="secondary">${a(e,"common.loading")}</div>`;let s=this._approvals.filter(i=>i.status==="pending"),r=this._approvals.filter(i=>i.status!=="pending").sort((i,n)=>(n.decided??n.expires).localeCompare(i.decided??i.expires));return l`<div class="card">
        <div class="toolbar">
          <h2 class="grow">${a(e,"tabs.approvals")}</h2>
          <span class="secondary live">● ${a(e,"common.live")}</span>
        </div>
        ${s.length?s.map(i=>this._approval(i)):l`<p class="secondary empty">
              ${a(e,"approvals.none",{safety:ee(e,"safety")})}
            </p>`}
      </div>
      ${r.length?l`<div class="card decided-card">
            <h2>${a(e,"approvals.decided")}</h2>
            ${r.map(i=>this._approval(i))}
          </div>`:d}`}_approval(e){let s=this.hass,r=e.approval_id,i=e.status==="pending",n=Object.keys(e.arguments).length?l`<pre class="arguments">${JSON.stringify(e.arguments,null,2)}</pre>`:l`<div class="secondary">${a(s,"approvals.no_arguments")}</div>`,c=this._failed.get(r);return l`<div class=${i?"approval":"approval done"} data-approval=${r}
      data-status=${e.status}>
      <div class="head">
        ${N(s,"approvals.tool_through",{tool:l`<code class="tool">${z(e.tool_name)}</code>`,hub:this.hubLinks?l`<a href=${`${this.prefix}/hub/${e.api_id}`} @click=${R}
                >${e.hub_name}</a
              >`:l`<span class="hub">${e.hub_name}</span>`})}
        <span class="badge ${At[e.status]} status"
          >${a(s,`approvals.status_${e.status}`)}</span
        >
        <span class="grow"></span>
        ${this._countdown(e)}
      </div>
      <div class="secondary meta">
        ${N(s,"approvals.asked",{who:l`<span class="asked-by">${this._who(e.user_id)}</span>`,platform:ce(s,e.platform),time:this._clock(e.created)})}
        ${this._decision(e)}
      </div>
      ${e.targets?.length?l`<div class="targets">
            ${a(s,"approvals.acts_on")}
            ${e.targets.map((h,u)=>l`${u?", ":""}<b>${h}</b>`)}
          </div>`:d}
      ${n}
      ${c?l`<div class="alert error">${c}</div>`:d}
      ${i?l`<div class="actions">
            <button
              class="primary approve"
              ?disabled=${this._busy.has(r)}
              @click=${()=>this._decide(e,!0)}
            >
              ${a(s,"approvals.approve")}
            </button>
            <button
              class="deny"
              ?disabled=${this._busy.has(r)}
              @click=${()=>this._decide(e,!1)}
            >
              ${a(s,"approvals.deny")}
            </button>
          </div>`:d}
    </div>`}_countdown(e){let s=this.hass,r=a(s,"approvals.until",{time:this._clock(e.expires)}),i=Et(e.expires,this._now);return e.status==="pending"?l`<span class="countdown" title=${r}
        >${a(s,"approvals.expires_in",{time:i})}</span
      >`:e.status==="approved"?l`<span class="countdown" title=${r}
        >${a(s,"approvals.call_within",{time:i})}</span
      >`:d}_decision(e){let s=this.hass,r={by:l`<span class="decided-by">${e.decided_by?this._who(e.decided_by):""}</span>`,time:e.decided?this._clock(e.decided):"",expired:this._clock(e.expires)};switch(e.status){case"approved":return N(s,"approvals.decided_approved",r);case"used":return N(s,"approvals.decided_used",r);case"denied":return N(s,"approvals.decided_denied",r);case"expired":return e.decided_by?N(s,"approvals.decided_expired",r):a(s,"approvals.nobody_decided",{expired:r.expired});default:return d}}};E.styles=[w,y`
      .toolbar h2 {
        margin: 0;
      }
      .live {
        color: var(--success-color, #43a047);
      }
      .empty {
        max-width: 720px;
      }
      .approval {
        padding: 12px 0;
        border-top: 1px solid var(--divider-color);
      }
      .toolbar + .approval,
      h2 + .approval {
        border-top: none;
      }
      .approval.done {
        opacity: 0.65;
      }
      .head {
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 6px;
        margin-bottom: 4px;
      }
      .tool {
        font-size: 14px;
        font-weight: 500;
      }
      .countdown {
        font-variant-numeric: tabular-nums;
        color: var(--secondary-text-color);
      }
      .approval:not(.done) .countdown {
        color: var(--warning-color, #ffa600);
      }
      .meta {
        margin-bottom: 4px;
      }
      .arguments {
        max-height: 240px;
      }
      .actions {
        display: flex;
        gap: 8px;
      }
      .actions button {
        min-width: 96px;
      }
      button.deny {
        color: var(--error-color, #db4437);
        border-color: var(--error-color, #db4437);
      }
    `],p([g({attribute:!1})],E.prototype,"hass",2),p([g({attribute:!1})],E.prototype,"users",2),p([g()],E.prototype,"prefix",2),p([g({type:Boolean})],E.prototype,"hubLinks",2),p([m()],E.prototype,"_approvals",2),p([m()],E.prototype,"_error",2),p([m()],E.prototype,"_busy",2),p([m()],E.prototype,"_failed",2),p([m()],E.prototype,"_now",2),E=p([x("llm-hub-approvals")],E);var Re;async function St(){let o=window;if(typeof o.loadCardHelpers=="function"&&(await(await(await o.loadCardHelpers()).createCardElement({type:"entities",entities:[]}))?.constructor?.getConfigElement?.(),customElements.get("ha-form")))return;await customElements.whenDefined("partial-panel-resolver"),await document.createElement("partial-panel-resolver")._getRoutes?.([{component_name:"config",url_path:"llm-hub-tmp"}])?.routes?.["llm-hub-tmp"]?.load?.(),await customElements.whenDefined("ha-panel-config"),await document.createElement("ha-panel-config").routerOptions?.routes?.automation?.load?.()}function rt(){return customElements.get("ha-form")?Promise.resolve(!0):(Re??=Promise.race([St().catch(()=>{}).then(()=>customElements.whenDefined("ha-form")).then(()=>!0),new Promise(o=>setTimeout(()=>o(!1),5e3))]).then(o=>(o||(Re=void 0),o)),Re)}function ue(o){return(Array.isArray(o.type)?o.type:[o.type]).find(e=>e&&e!=="null")}var S=class extends b{constructor(){super(...arguments);this.selectors={};this._data={};this._raw={};this._errors={};this._asJson=!1;this._json="{}"}reset(){this._data={},this._haForm===!1&&customElements.get("ha-form")&&(this._haForm=!0),this._raw={},this._errors={},this._json="{}",this._asJson=!1}connectedCallback(){if(super.connectedCallback(),this._haForm!==void 0)return;let e=performance.now();this.dataset.formLoaded=customElements.get("ha-form")?"before":"by the panel",rt().then(s=>{this._haForm=s,this.dataset.form=s?"ha-form":"plain",this.dataset.formMs=String(Math.round(performance.now()-e))})}render(){let e=this.hass,s=Object.entries(this.schema?.properties??{}),r=new Set(this.schema?.required??[]);return l`
      <label class="switch"
        ><input type="checkbox" .checked=${this._asJson} @change=${this._toggleJson} />
        ${a(e,"form.as_json")}</label
      >
      ${this._asJson?l`<textarea
            name="__json__"
            .value=${this._json}
            @input=${i=>{this._json=i.target.value,this._emit()}}
          ></textarea>`:s.length===0?l`<p class="secondary">${a(e,"form.no_arguments")}</p>`:this._haForm===void 0?l`<p class="secondary">${a(e,"form.loading")}</p>`:this._haForm?this._renderHaForm(s,r):s.map(([i,n])=>this._field(i,n,r.has(i)))}
    `}_renderHaForm(e,s){let r=e.map(([n])=>({name:n,required:s.has(n),selector:this.selectors[n]??{object:{}}})),i=Object.fromEntries(e.map(([n,c])=>[n,c.description]));return l`<ha-form
      .hass=${this.hass}
      .data=${this._data}
      .schema=${r}
      .computeLabel=${n=>n.name}
      .computeHelper=${n=>i[n.name]}
      @value-changed=${n=>{n.stopPropagation(),this._data=n.detail.value,this._emit()}}
    ></ha-form>`}_field(e,s,r){let i=ue(s),n=this._raw[e]??"",c=f=>{this._raw={...this._raw,[e]:f},this._emit()},h=f=>c(f.target.value),u;return s.enum?u=l`<select name=${e} @change=${h}>
        <option value="" ?selected=${n===""}>—</option>
        ${s.enum.map(f=>l`<option value=${JSON.stringify(f)} ?selected=${n===JSON.stringify(f)}>
              ${String(f)}
            </option>`)}
      </select>`:i==="boolean"?u=l`<select name=${e} @change=${h}>
        <option value="" ?selected=${n===""}>—</option>
        <option value="true" ?selected=${n==="true"}>true</option>
        <option value="false" ?selected=${n==="false"}>false</option>
      </select>`:i==="integer"||i==="number"?u=l`<input
        name=${e}
        type="number"
        step=${i==="integer"?"1":"any"}
        min=${s.minimum??""}
        max=${s.maximum??""}
        .value=${n}
        @input=${h}
      />`:i==="string"?u=l`<input name=${e} type="text" .value=${n} @input=${h} />`:i==="array"&&ue(s.items??{})==="string"&&!s.items?.enum?u=l`<textarea
        name=${e}
        placeholder=${a(this.hass,"form.one_per_line")}
        .value=${n}
        @input=${h}
      ></textarea>`:u=l`<textarea
        name=${e}
        placeholder="JSON"
        .value=${n}
        @input=${h}
      ></textarea>`,l`<div class="field">
      <label
        ><code>${e}</code>${r?l`<span class="required">*</span>`:d}
        ${i?l`<span class="secondary">${i}</span>`:d}</label
      >
      ${u}
      ${s.description?l`<div class="secondary">${s.description}</div>`:d}
      ${this._errors[e]?l`<div class="error">${this._errors[e]}</div>`:d}
    </div>`}_args(){if(this._haForm)return Object.fromEntries(Object.entries(this._data).filter(([,r])=>r!==void 0&&r!==""));let e={},s={};for(let[r,i]of Object.entries(this.schema?.properties??{})){let n=this._raw[r];if(n===void 0||n==="")continue;let c=ue(i);try{i.enum||c==="boolean"?e[r]=JSON.parse(n):c==="integer"||c==="number"?e[r]=Number(n):c==="string"?e[r]=n:c==="array"&&ue(i.items??{})==="string"&&!i.items?.enum?e[r]=n.split(`
`).filter(h=>h.trim()):e[r]=JSON.parse(n)}catch{s[r]=a(this.hass,"form.not_json")}}return this._errors=s,e}_toggleJson(e){if(this._asJson=e.target.checked,this._asJson)this._json=JSON.stringify(this._args(),null,2);else if(this._haForm)try{let s=JSON.parse(this._json||"{}");s&&typeof s=="object"&&!Array.isArray(s)&&(this._data=s)}catch{}this._emit()}_emit(){let e;if(this._asJson)try{let s=JSON.parse(this._json||"{}");e=s&&typeof s=="object"&&!Array.isArray(s)?{value:s}:{error:a(this.hass,"form.not_object")}}catch(s){e={error:a(this.hass,"form.not_json_because",{error:s.message})}}else{let s=this._args();e=Object.keys(this._errors).length?{error:a(this.hass,"form.invalid_fields")}:{value:s}}this.dispatchEvent(new CustomEvent("value-changed",{detail:e}))}};S.styles=[w,y`
      ha-form {
        display: block;
        max-width: 560px;
        margin-bottom: 12px;
      }
      .field {
        display: flex;
        flex-direction: column;
        gap: 4px;
        margin-bottom: 12px;
        max-width: 560px;
      }
      .required {
        color: var(--error-color);
        margin-left: 2px;
      }
      .error {
        color: var(--error-color);
      }
      .switch {
        display: block;
        margin-bottom: 12px;
      }
    `],p([g({attribute:!1})],S.prototype,"hass",2),p([g({attribute:!1})],S.prototype,"schema",2),p([g({attribute:!1})],S.prototype,"selectors",2),p([m()],S.prototype,"_haForm",2),p([m()],S.prototype,"_data",2),p([m()],S.prototype,"_raw",2),p([m()],S.prototype,"_errors",2),p([m()],S.prototype,"_asJson",2),p([m()],S.prototype,"_json",2),S=p([x("llm-hub-schema-form")],S);var $=class extends b{constructor(){super(...arguments);this.users=[];this.apiId="";this.toolName="";this._api="";this._tool="";this._user="";this._args={};this._running=!1;this._timer=new C(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._start()}willUpdate(e){e.has("hass")&&!this._user&&this.hass?.user&&(this._user=this.hass.user.id)}async _start(){try{this._apis=await this.hass.callWS({type:"llm_hub/apis/list"});let e=this._apis.apis.filter(r=>r.tools!==null),s=e.find(r=>r.id===this.apiId)??e[0];s&&await this._loadApi(s.id,this.toolName)}catch(e){this._error=A(e)}await this._timer.done()}async _loadApi(e,s=""){this._api=e,this._description=void 0,this._result=void 0,this._description=await this.hass.callWS({type:"llm_hub/api/describe",api_id:e});let r=this._description.tools.filter(i=>!i.hidden);this._selectTool((r.find(i=>i.name===s)??r[0])?.name??"")}_selectTool(e){this._tool=e,this._args={},this._argsError=void 0,this._result=void 0,this._error=void 0,this._form?.reset()}render(){let e=this.hass;if(!this._apis)return this._error?l`<div class="alert error">${this._error}</div>`:l`<div class="secondary">${a(e,"common.loading")}</div>`;let s=this._description?.tools.filter(c=>!c.hidden)??[],r=s.find(c=>c.name===this._tool),i=this.hass.user,n=this.users.length?this.users:i?[{id:i.id,name:i.name}]:[];return l`
      <div class="card">
        <h2>${a(e,"tabs.bench")}</h2>
        <p class="secondary">${a(e,"bench.intro")}</p>
        <div class="pickers">
          <label
            >${a(e,"bench.api")}
            <select name="api" @change=${this._apiChanged}>
              ${this._apis.apis.filter(c=>c.tools!==null).map(c=>l`<option value=${c.id} ?selected=${c.id===this._api}>
                      ${c.hub?c.name:a(e,"bench.not_a_hub",{api:c.name})}
                    </option>`)}
            </select></label
          >
          <label
            >${a(e,"activity.tool")}
            <select
              name="tool"
              @change=${c=>this._selectTool(c.target.value)}
            >
              ${s.map(c=>l`<option value=${c.name} ?selected=${c.name===this._tool}>
                    ${c.name}
                  </option>`)}
            </select></label
          >
          <label
            >${a(e,"bench.run_as")}
            <select
              name="user"
              @change=${c=>this._user=c.target.value}
            >
              ${n.map(c=>l`<option value=${c.id} ?selected=${c.id===this._user}>
                    ${c.id===i?.id?a(e,"common.you",{name:c.name}):c.name}
                  </option>`)}
            </select></label
          >
        </div>
      </div>
      ${r?l`<div class="card">
            <h2>${r.title||r.name}</h2>
            <p>${r.description}</p>
            <llm-hub-schema-form
              .hass=${this.hass}
              .schema=${r.parameters}
              .selectors=${r.selectors??{}}
              @value-changed=${this._argsChanged}
            ></llm-hub-schema-form>
            ${this._argsError?l`<div class="alert error">${this._argsError}</div>`:d}
            <button
              class="primary run"
              ?disabled=${this._running||!!this._argsError}
              @click=${this._run}
            >
              ${a(e,this._running?"bench.running":"bench.run")}
            </button>
          </div>`:this._description?l`<div class="card secondary">${a(e,"bench.no_tools")}</div>`:d}
      ${this._error?l`<div class="alert error result-error">${this._error}</div>`:d}
      ${this._result?this._renderResult(this._result):d}
    `}_renderResult(e){let s=JSON.stringify(e.result.data),r=this._apis?.chars_per_token??4,i=this.hass;return l`<div class="card result">
      <h2>${a(i,"bench.result")}</h2>
      <div class="figures">
        <div class="figure">
          <div class="value">${pe(i,e.outcome)}</div>
          <div class="label">${a(i,"bench.outcome")}</div>
        </div>
        <div class="figure">
          <div class="value duration">${a(i,"common.ms",{ms:_(i,e.duration_ms)})}</div>
          <div class="label">${a(i,"bench.time")}</div>
        </div>
        <div class="figure">
          <div class="value">${_(i,Math.ceil(s.length/r))}</div>
          <div class="label">${a(i,"hub.figure_tokens")}</div>
        </div>
      </div>
      <div class="secondary">${a(i,"bench.data")}</div>
      <pre class="data">${JSON.stringify(e.result.data,null,2)}</pre>
      <div class="secondary">${a(i,"bench.model_reads",{chars:_(i,s.length)})}</div>
      <pre class="read">${s}</pre>
    </div>`}async _apiChanged(e){try{await this._loadApi(e.target.value)}catch(s){this._error=A(s)}}_argsChanged(e){this._argsError=e.detail.error,e.detail.value&&(this._args=e.detail.value)}async _run(){this._running=!0,this._result=void 0,this._error=void 0;try{this._result=await this.hass.callWS({type:"llm_hub/tool/call",api_id:this._api,tool_name:this._tool,tool_args:this._args,user_id:this._user||void 0})}catch(e){this._error=A(e)}finally{this._running=!1}}};$.styles=[w,y`
      .pickers {
        display: flex;
        flex-wrap: wrap;
        gap: 16px;
      }
      .pickers label {
        display: flex;
        flex-direction: column;
        gap: 4px;
        color: var(--secondary-text-color);
      }
      .pickers select {
        min-width: 220px;
        max-width: 420px;
      }
    `],p([g({attribute:!1})],$.prototype,"hass",2),p([g({attribute:!1})],$.prototype,"users",2),p([g()],$.prototype,"apiId",2),p([g()],$.prototype,"toolName",2),p([m()],$.prototype,"_apis",2),p([m()],$.prototype,"_description",2),p([m()],$.prototype,"_api",2),p([m()],$.prototype,"_tool",2),p([m()],$.prototype,"_user",2),p([m()],$.prototype,"_args",2),p([m()],$.prototype,"_argsError",2),p([m()],$.prototype,"_running",2),p([m()],$.prototype,"_result",2),p([m()],$.prototype,"_error",2),p([Ge("llm-hub-schema-form")],$.prototype,"_form",2),$=p([x("llm-hub-bench")],$);var kt="llm_hub-",Tt=["apis","tools","scope","safety","overrides","limits","search"],k=class extends b{constructor(){super(...arguments);this.apiId="";this.prefix="";this._filter="";this._showHidden=!0;this._providers={};this._timer=new C(this)}willUpdate(e){e.has("apiId")&&this.apiId&&(this._timer.restart(),this._description=void 0,this._providers={},this._open=void 0,this._load())}async _load(){try{this._description=await this.hass.callWS({type:"llm_hub/api/describe",api_id:this.apiId}),this._error=void 0}catch(e){this._error=A(e)}await this._timer.done()}render(){let e=this.hass;if(this._error)return l`<div class="alert error">${this._error}</div>`;let s=this._description;if(!s)return l`<div class="secondary">${a(e,"common.loading")}</div>`;let{api:r,size:i,search:n}=s,c=s.tools.filter(u=>u.hidden).length,h=r.hub?r.id.slice(kt.length):void 0;return l`
      <div class="card">
        <div class="toolbar">
          <h2 class="grow">${r.name}</h2>
          <a href=${`${this.prefix}/bench?api=${encodeURIComponent(r.id)}`} @click=${R}
            ><button>${a(e,"tabs.bench")}</button></a
          >
        </div>
        <div class="figures">
          ${this._figure(_(e,i.tools),a(e,"hub.figure_listed"))}
          ${n?this._figure(_(e,n.reachable),a(e,"hub.figure_reachable")):d}
          ${r.hub?this._figure(_(e,c),a(e,"hub.figure_hidden")):d}
          ${this._figure(_(e,i.prompt_chars+i.tools_chars),a(e,"hub.figure_chars"))}
          ${this._figure(_(e,i.tokens),a(e,"hub.figure_tokens"))}
          ${i.max_tools!==void 0?this._figure(_(e,i.max_tools),a(e,"hub.figure_limit")):d}
        </div>
        ${n?l`<p class="mode">
              ${N(e,"hub.mode",{mode:l`<strong>${he(e,n)}</strong>`})}
              ${n.active?a(e,n.listed>n.meta_tools.length?"hub.mode_searching_pinned":"hub.mode_searching",{listed:_(e,n.listed),meta:n.meta_tools.join(", "),reachable:_(e,n.reachable)}):a(e,"hub.mode_all",{listed:_(e,n.listed)})}
            </p>`:d}
        ${i.over_limit?l`<div class="alert">
              ${a(e,"hub.over_limit",{api:r.name,tools:_(e,i.tools),limit:_(e,i.max_tools)})}
            </div>`:d}
        ${i.over_client_limit?l`<div class="alert client-limit">
              ${a(e,"hub.over_client",{api:r.name,tools:_(e,i.tools),limit:_(e,i.client_limit)})}
              ${r.hub?a(e,"hub.over_client_hub"):""}
            </div>`:d}
        <div class="secondary">
          <code>${r.id}</code> ·
          ${a(e,"hub.tokens",{estimator:a(e,"common.estimator",{chars:_(e,Number(/\d+(\.\d+)?/.exec(i.estimator)?.[0]??4.2))})})}
        </div>
        ${h?l`<p>
              ${a(e,"hub.options")}
              ${Tt.map((u,f)=>l`${f?" · ":""}<a
                    href=${`/config/integrations/integration/llm_hub#config_entry=${h}`}
                    title=${a(e,"hub.options_path",{hub:r.name,step:ee(e,u)})}
                    @click=${R}
                    >${ee(e,u)}</a
                  >`)}
            </p>`:d}
      </div>
      <div class="card">
        <h2>${a(e,"hub.prompt")}</h2>
        <p class="secondary">${a(e,"hub.prompt_help")}</p>
        <pre class="prompt">${s.prompt||a(e,"hub.no_prompt")}</pre>
      </div>
      <div class="card tools-card">
        <h2>${a(e,"hub.tools")}</h2>
        <div class="toolbar">
          <input
            class="grow"
            type="search"
            placeholder=${a(e,"hub.filter")}
            .value=${this._filter}
            @input=${u=>this._filter=u.target.value}
          />
          ${r.hub?l`<label
                ><input
                  type="checkbox"
                  .checked=${this._showHidden}
                  @change=${u=>this._showHidden=u.target.checked}
                />
                ${a(e,"hub.show_hidden")}</label
              >`:d}
        </div>
        ${this._toolsTable(s.tools,r.hub,!!n?.active)}
      </div>
    `}_figure(e,s){return l`<div class="figure">
      <div class="value">${e}</div>
      <div class="label">${s}</div>
    </div>`}_toolsTable(e,s,r){let i=this.hass,n=this._filter.trim().toLowerCase(),c=e.filter(h=>(this._showHidden||!h.hidden)&&(!n||[h.name,h.original_name,h.source.integration,h.source.api,h.source.api_name].some(u=>u?.toLowerCase().includes(n))));return l`<div class="table-wrap"><table class="tools">
      <thead>
        <tr>
          <th>${a(i,"hub.col_name")}</th>
          ${r?l`<th>${a(i,"hub.col_model_gets")}</th>`:d}
          <th>${a(i,"hub.col_original")}</th>
          <th>${a(i,"hub.col_annotations")}</th>
          ${s?l`<th>${a(i,"hub.col_confirmation")}</th>
                <th>${a(i,"hub.col_hidden")}</th>
                <th>${a(i,"hub.col_schema")}</th>`:d}
          <th class="number">${a(i,"hub.col_tokens")}</th>
        </tr>
      </thead>
      <tbody>
        ${c.map(h=>this._toolRow(h,s,r))}
      </tbody>
    </table></div>
    ${c.length===0?l`<p class="secondary">${a(i,"hub.no_match")}</p>`:d}`}_toolRow(e,s,r){let i=this.hass,n=e.key??e.name,c=this._open===n,h=(s?7:4)+(r?1:0);return l`<tr
        class="clickable ${e.hidden?"hidden-tool":""} ${c?"open":""}"
        data-tool=${e.name}
        @click=${()=>this._toggle(e)}
      >
        <td>
          <code>${z(e.hidden?e.key??e.name:e.name)}</code>
          ${e.title?l`<div class="secondary">${e.title}</div>`:d}
        </td>
        ${r?l`<td class="listing">${this._listing(e)}</td>`:d}
        <td>
          <code>${z(e.original_name)}</code>
          <div class="secondary">${this._source(e)}</div>
        </td>
        <td>${st(i,e.annotations)}</td>
        ${s?l`<td>
                ${e.confirm?l`<span class="badge warning">${a(i,"hub.needs_confirmation")}</span>
                      ${e.confirm_reason?l`<div class="secondary">
                            ${this._reason(e.confirm_key,e.confirm_reason)}
                          </div>`:d}`:d}
              </td>
              <td class="reason">
                ${e.hidden?l`<span class="badge">${a(i,"hub.hidden_badge")}</span>
                      ${this._reason(e.hidden_key,e.hidden)}`:d}
              </td>
              <td>
                ${e.schema_fixes?.length?l`<span class="badge info" title=${e.schema_fixes.join(`
`)}
                      >${a(i,"hub.changes",{count:e.schema_fixes.length})}</span
                    >`:d}
              </td>`:d}
        <td class="number">${_(i,e.size.tokens)}</td>
      </tr>
      ${c?l`<tr class="details">
            <td colspan=${h}>${this._details(e)}</td>
          </tr>`:d}`}_reason(e,s){return e?a(this.hass,`reason.${e}`):s}_listing(e){let s=this.hass;return e.hidden?d:e.meta?l`<span class="badge info">${a(s,"hub.listed_meta")}</span>`:e.listed?l`<span class="badge info">${a(s,"hub.listed")}</span>`:l`<span class="badge">${a(s,"hub.through_search")}</span>`}_source(e){let s=this.hass,r=e.source.api_name??e.source.api??"";if(e.meta)return a(s,"hub.source_meta",{api:r});let{integration:i}=e.source;return r&&i?a(s,"hub.source_integration_api",{integration:i,api:r}):r?a(s,"hub.source_api",{api:r}):i?a(s,"hub.source_contributed",{integration:i}):""}_details(e){let s=this.hass,r=this._providers[e.name];return l`
      <p>
        ${e.description||l`<span class="secondary">${a(s,"hub.no_description")}</span>`}
      </p>
      ${e.schema_fixes?.length?l`<div class="secondary">${a(s,"hub.schema_changes")}</div>
            <ul>
              ${e.schema_fixes.map(i=>l`<li>${i}</li>`)}
            </ul>`:d}
      ${e.parameters_error?l`<div class="alert error">
            ${a(s,"hub.parameters_error",{error:e.parameters_error})}
          </div>`:l`<div class="secondary">${a(s,"hub.parameters")}</div>
            <pre>${JSON.stringify(e.parameters,null,2)}</pre>`}
      ${!e.hidden&&!e.listed?l`<p class="secondary">${a(s,"hub.behind_search")}</p>`:d}
      ${e.hidden||!e.listed?d:l`<div class="toolbar">
              <a
                href=${`${this.prefix}/bench?api=${encodeURIComponent(this.apiId)}&tool=${encodeURIComponent(e.name)}`}
                @click=${R}
                ><button class="primary">${a(s,"hub.try_it")}</button></a
              >
            </div>
            <div class="secondary">${a(s,"hub.providers")}</div>
            ${r===void 0?l`<div class="secondary">${a(s,"common.loading")}</div>`:typeof r=="string"?l`<div class="alert error">${r}</div>`:l`<div class="providers">
                    ${Object.entries(r.providers).map(([i,n])=>l`<div class="provider" data-provider=${i}>
                        <strong>${n.name}</strong>
                        ${n.error?l`<div class="secondary">${n.error}</div>`:l`<pre>${JSON.stringify(n.definition,null,2)}</pre>`}
                      </div>`)}
                  </div>`}`}
    `}async _toggle(e){let s=e.key??e.name;if(this._open=this._open===s?void 0:s,!(!this._open||e.hidden||!e.listed||this._providers[e.name]!==void 0))try{let r=await this.hass.callWS({type:"llm_hub/tool/providers",api_id:this.apiId,tool_name:e.name});this._providers={...this._providers,[e.name]:r}}catch(r){this._providers={...this._providers,[e.name]:A(r)}}}};k.styles=[w,y`
      .prompt {
        max-height: 240px;
      }
      tr,
      .tools-card {
        scroll-margin-top: calc(var(--header-height, 56px) + 8px);
      }
      td.reason {
        min-width: 160px;
        max-width: 280px;
      }
      .providers {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
        gap: 8px;
      }
      .provider pre {
        max-height: 360px;
      }
      tr.details > td {
        background: var(--secondary-background-color);
      }
      tr.details pre {
        background: var(--card-background-color, var(--primary-background-color));
      }
    `],p([g({attribute:!1})],k.prototype,"hass",2),p([g()],k.prototype,"apiId",2),p([g()],k.prototype,"prefix",2),p([m()],k.prototype,"_description",2),p([m()],k.prototype,"_error",2),p([m()],k.prototype,"_filter",2),p([m()],k.prototype,"_showHidden",2),p([m()],k.prototype,"_open",2),p([m()],k.prototype,"_providers",2),k=p([x("llm-hub-view")],k);var U=class extends b{constructor(){super(...arguments);this.prefix="";this._timer=new C(this)}connectedCallback(){super.connectedCallback(),this._timer.restart(),this._load()}async _load(){try{this._list=await this.hass.callWS({type:"llm_hub/apis/list"}),this._error=void 0}catch(e){this._error=A(e)}await this._timer.done()}render(){let e=this.hass;if(this._error)return l`<div class="alert error">${this._error}</div>`;if(!this._list)return l`<div class="secondary">${a(e,"common.loading")}</div>`;let s=this._list.apis.filter(i=>i.hub),r=this._list.apis.filter(i=>!i.hub);return l`
      <div class="card">
        <h2>${a(e,"hubs.title")}</h2>
        ${s.length?this._table(s,!0):l`<p class="secondary">${a(e,"hubs.none")}</p>`}
      </div>
      <div class="card">
        <h2>${a(e,"hubs.others")}</h2>
        ${this._table(r,!1)}
      </div>
      <p class="secondary">
        ${a(e,"hubs.sizes",{estimator:a(e,"common.estimator",{chars:_(e,this._list.chars_per_token)}),since:le(e,this._list.since)})}
        <button @click=${this._reload}>${a(e,"common.refresh")}</button>
      </p>
    `}_table(e,s){let r=this.hass;return l`<div class="table-wrap"><table>
      <thead>
        <tr>
          <th>${a(r,"hubs.name")}</th>
          ${s?l`<th>${a(r,"hubs.tool_mode")}</th>`:d}
          <th class="number">${a(r,s?"hubs.tools_listed":"hubs.tools")}</th>
          ${s?l`<th class="number">${a(r,"hubs.reachable")}</th>
                <th class="number">${a(r,"hubs.hidden")}</th>`:d}
          <th class="number">${a(r,"hubs.characters")}</th>
          <th class="number">${a(r,"hubs.tokens")}</th>
          ${s?l`<th>${a(r,"hubs.warnings")}</th>
                <th class="number">${a(r,"hubs.calls")}</th>`:d}
        </tr>
      </thead>
      <tbody>
        ${e.map(i=>l`<tr
            class="clickable"
            data-api=${i.id}
            @click=${()=>Te(`${this.prefix}/hub/${encodeURIComponent(i.id)}`)}
          >
            <td>
              <a href=${`${this.prefix}/hub/${encodeURIComponent(i.id)}`} @click=${R}
                >${i.name}</a
              >
              <div class="secondary"><code>${i.id}</code></div>
            </td>
            ${s?l`<td class="mode">${he(r,i.search)}</td>`:d}
            <td class="number">${_(r,i.tools)}</td>
            ${s?l`<td class="number">${_(r,i.search?.reachable)}</td>
                  <td class="number">${_(r,i.hidden)}</td>`:d}
            <td class="number">
              ${i.prompt_chars===null?"–":_(r,(i.prompt_chars??0)+(i.tools_chars??0))}
            </td>
            <td class="number">${_(r,i.tokens)}</td>
            ${s?l`<td>${this._warnings(i)}</td>
                  <td class="number">${_(r,i.calls_24h)}</td>`:d}
          </tr>`)}
      </tbody>
    </table></div>`}_warnings(e){let s=this.hass,r=_(s,this._list.client_limit),i=a(s,`entry_state.${e.state}`);return l`
      ${e.state!=="loaded"?l`<span class="badge error"
            >${i===`entry_state.${e.state}`?e.state.replaceAll("_"," "):i}</span
          >`:d}
      ${e.error?l`<span class="badge error" title=${e.error}>${a(s,"hubs.cannot_build")}</span>`:d}
      ${e.over_limit?l`<span class="badge warning" title=${a(s,"hubs.over_limit_title")}
            >${a(s,"hubs.over_limit",{limit:_(s,e.max_tools)})}</span
          >`:d}
      ${e.over_client_limit?l`<span class="badge warning" title=${a(s,"hubs.over_client_title",{limit:r})}
            >${a(s,"hubs.over_client",{limit:r})}</span
          >`:d}
      ${e.repairs.length?l`<a href="/config/repairs" @click=${R}
            ><span class="badge warning"
              >${a(s,"hubs.repairs",{count:e.repairs.length})}</span
            ></a
          >`:d}
    `}_reload(){this._timer.restart(),this._load()}};U.styles=w,p([g({attribute:!1})],U.prototype,"hass",2),p([g()],U.prototype,"prefix",2),p([m()],U.prototype,"_list",2),p([m()],U.prototype,"_error",2),U=p([x("llm-hub-hubs")],U);var Ct=["hubs","bench","activity","approvals"],P=class extends b{constructor(){super(...arguments);this.narrow=!1;this._users=[];this._words=!1;this._usersLoaded=!1}get _approvalsOnly(){return this.panel?.config?.view==="approvals"}willUpdate(e){e.has("hass")&&this.hass&&!Ze(this.hass)?this._loadWords():this.hass&&!this._words&&(this._words=!0),e.has("hass")&&this.hass&&!this._usersLoaded&&this.hass.user?.is_admin&&(this._usersLoaded=!0,this._loadUsers())}async _loadWords(){try{await Ye(this.hass)}finally{this._words=!0}}async _loadUsers(){try{let e=await this.hass.callWS({type:"config/auth/list"});this._users=e.filter(s=>s.is_active&&!s.system_generated)}catch{this._users=[]}}get _parts(){return(this.route?.path??"").split("?")[0].split("/").filter(s=>s).map(s=>decodeURIComponent(s))}get _prefix(){return this.route?.prefix??"/llm_hub"}render(){if(!this.hass||!this._words)return d;let e=this.narrow?l`<button class="menu" title=${a(this.hass,"common.sidebar")} @click=${this._toggleMenu}>
          ☰
        </button>`:d;if(this._approvalsOnly)return l`
        <header>
          ${e}
          <div class="title">${a(this.hass,"approvals.panel_title")}</div>
        </header>
        <main>
          <llm-hub-approvals
            .hass=${this.hass}
            .users=${this._users}
            .hubLinks=${!1}
          ></llm-hub-approvals>
        </main>
      `;let[s="hubs",r]=this._parts,i=s==="hub"?"hubs":s;return l`
      <header>
        ${e}
        <div class="title">LLM Hub</div>
        <nav>
          ${Ct.map(n=>l`<a
              class=${n===i?"tab active":"tab"}
              href=${`${this._prefix}/${n}`}
              data-tab=${n}
              @click=${R}
              >${a(this.hass,`tabs.${n}`)}</a
            >`)}
        </nav>
      </header>
      <main>${this._view(s,r)}</main>
    `}_view(e,s){let r=new URLSearchParams(window.location.search);switch(e){case"hub":return l`<llm-hub-view
          .hass=${this.hass}
          .apiId=${s??""}
          .prefix=${this._prefix}
        ></llm-hub-view>`;case"bench":return l`<llm-hub-bench
          .hass=${this.hass}
          .users=${this._users}
          .apiId=${r.get("api")??""}
          .toolName=${r.get("tool")??""}
        ></llm-hub-bench>`;case"activity":return l`<llm-hub-activity .hass=${this.hass} .users=${this._users}></llm-hub-activity>`;case"approvals":return l`<llm-hub-approvals
          .hass=${this.hass}
          .users=${this._users}
          .prefix=${this._prefix}
        ></llm-hub-approvals>`;default:return l`<llm-hub-hubs .hass=${this.hass} .prefix=${this._prefix}></llm-hub-hubs>`}}_toggleMenu(){this.dispatchEvent(new CustomEvent("hass-toggle-menu",{bubbles:!0,composed:!0}))}};P.styles=[w,y`
      :host {
        min-height: 100vh;
        background: var(--primary-background-color);
      }
      header {
        display: flex;
        align-items: center;
        gap: 16px;
        height: var(--header-height, 56px);
        padding: 0 16px;
        background: var(--app-header-background-color, var(--primary-color));
        color: var(--app-header-text-color, var(--text-primary-color, #fff));
        border-bottom: var(--app-header-border-bottom, none);
        position: sticky;
        top: 0;
        z-index: 2;
      }
      .title {
        font-size: 20px;
        margin-right: 16px;
      }
      .menu {
        background: none;
        border: none;
        color: inherit;
        font-size: 20px;
      }
      nav {
        display: flex;
        height: 100%;
        overflow-x: auto;
      }
      .tab {
        display: flex;
        align-items: center;
        padding: 0 14px;
        color: inherit;
        opacity: 0.8;
        border-bottom: 2px solid transparent;
        white-space: nowrap;
      }
      .tab:hover {
        text-decoration: none;
        opacity: 1;
      }
      .tab.active {
        opacity: 1;
        border-bottom-color: currentColor;
      }
      main {
        padding: 16px;
        max-width: 1400px;
        margin: 0 auto;
      }
      :host([narrow]) main {
        padding: 8px;
      }
    `],p([g({attribute:!1})],P.prototype,"hass",2),p([g({type:Boolean,reflect:!0})],P.prototype,"narrow",2),p([g({attribute:!1})],P.prototype,"route",2),p([g({attribute:!1})],P.prototype,"panel",2),p([m()],P.prototype,"_users",2),p([m()],P.prototype,"_words",2),P=p([x("llm-hub-panel")],P);export{P as LlmHubPanel};
/*! Bundled license information:

@lit/reactive-element/css-tag.js:
  (**
   * @license
   * Copyright 2019 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/reactive-element.js:
lit-html/lit-html.js:
lit-element/lit-element.js:
@lit/reactive-element/decorators/custom-element.js:
@lit/reactive-element/decorators/property.js:
@lit/reactive-element/decorators/state.js:
@lit/reactive-element/decorators/event-options.js:
@lit/reactive-element/decorators/base.js:
@lit/reactive-element/decorators/query.js:
@lit/reactive-element/decorators/query-all.js:
@lit/reactive-element/decorators/query-async.js:
@lit/reactive-element/decorators/query-assigned-nodes.js:
  (**
   * @license
   * Copyright 2017 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

lit-html/is-server.js:
  (**
   * @license
   * Copyright 2022 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)

@lit/reactive-element/decorators/query-assigned-elements.js:
  (**
   * @license
   * Copyright 2021 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
