// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title ProxyTokenImplementation: the logic of an upgradeable token, used through ProxyToken.
contract ProxyTokenImplementation {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    bool private _initialized;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    function initialize(string memory name_, string memory symbol_, uint256 supply, address owner_) external {
        require(!_initialized, "Initializable: already initialized");
        _initialized = true;
        name = name_;
        symbol = symbol_;
        owner = owner_;
        emit OwnershipTransferred(address(0), owner_);
        totalSupply = supply;
        balanceOf[owner_] = supply;
        emit Transfer(address(0), owner_, supply);
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "ERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(balanceOf[from] >= amount, "ERC20: transfer amount exceeds balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// @title ProxyToken: an EIP-1967 transparent-style proxy whose admin can swap the logic.
contract ProxyToken {
    // bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
    bytes32 private constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    // bytes32(uint256(keccak256("eip1967.proxy.admin")) - 1)
    bytes32 private constant ADMIN_SLOT = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    event Upgraded(address indexed implementation);
    event AdminChanged(address previousAdmin, address newAdmin);

    constructor(address implementation, bytes memory data) {
        _setImplementation(implementation);
        assembly {
            sstore(ADMIN_SLOT, caller())
        }
        emit AdminChanged(address(0), msg.sender);
        if (data.length > 0) {
            (bool ok, ) = implementation.delegatecall(data);
            require(ok, "ProxyToken: initialization failed");
        }
    }

    function upgradeTo(address implementation) external {
        address admin;
        assembly {
            admin := sload(ADMIN_SLOT)
        }
        require(msg.sender == admin, "ProxyToken: caller is not the admin");
        _setImplementation(implementation);
    }

    function _setImplementation(address implementation) private {
        require(implementation.code.length > 0, "ProxyToken: implementation is not a contract");
        assembly {
            sstore(IMPLEMENTATION_SLOT, implementation)
        }
        emit Upgraded(implementation);
    }

    fallback() external payable {
        assembly {
            let implementation := sload(IMPLEMENTATION_SLOT)
            calldatacopy(0, 0, calldatasize())
            let result := delegatecall(gas(), implementation, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch result
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}
